// unicode-confusables 0.1 ships its declarations as `index.ts.d`, a name TypeScript never reads.
declare module 'unicode-confusables' {
  /** Each code point replaced by its prototype in Unicode's confusables.txt (zero-width characters dropped). */
  export function rectifyConfusion(input: string): string;
  export function isConfusing(input: string): boolean;
}
