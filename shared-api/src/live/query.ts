/** Query values as the URL carries them (optional ones left out when undefined). */
export function queryOf(q: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
}
