/** unicode-confusables ships its types under a name TypeScript does not look for (index.ts.d). */
declare module 'unicode-confusables' {
  /** Each code point replaced by its UTS #39 confusables.txt prototype (e.g. '0' → 'O', 'm' → 'rn'). */
  export function rectifyConfusion(input: string): string;
}
