import { Resolver } from 'node:dns/promises';

/** The TXT records of a name, each as its strings (node's resolveTxt shape). Injectable: tests ask a local DNS server. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/** What a TXT lookup can tell: found (the records), or the name has none, or DNS could not be asked. */
export type TxtAnswer = { kind: 'records'; records: string[] } | { kind: 'none' } | { kind: 'failed'; reason: string };

/** Answers that mean "this name has no TXT record" (the record is gone), as opposed to DNS trouble. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/**
 * Node's resolver, on the given servers ('host' or 'host:port', DOMAIN_DNS_SERVERS) or the
 * system's. Bounded: a silent server costs at most `timeoutMs` × 2 tries.
 */
export function dnsTxtLookup(servers: readonly string[], timeoutMs: number): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
}

export async function askTxt(lookup: TxtLookup, name: string): Promise<TxtAnswer> {
  try {
    return { kind: 'records', records: (await lookup(name)).map((chunks) => chunks.join('')) };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (NO_RECORD.has(code)) return { kind: 'none' };
    return { kind: 'failed', reason: code || (err as Error).message };
  }
}
