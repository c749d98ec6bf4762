// A fixed set of words with ids, compact enough for the big word lists (the
// CMU dictionary's 135k words, SUBTLEX's 74k). A Map or a plain object spends a
// string object and a hash entry per word (a Map of SUBTLEX's words and counts
// took 4.6 MB of V8 heap). Here the words are joined into one
// string (one byte per letter) with their offsets and an open-addressing hash
// table in typed arrays: about 2.5 MB all told, two thirds of it outside the
// V8 heap.

/** FNV-1a over the UTF-16 code units: cheap, and spreads short words well. */
function hashOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Words with ids 0..size-1 in the order given; read-only once built. */
export class WordTable {
  readonly size: number;
  /** All words joined, in id order. */
  private readonly text: string;
  /** Word `id` is text[starts[id], starts[id + 1]). */
  private readonly starts: Uint32Array;
  /** Open addressing, linear probing: id + 1, 0 = empty. At most two thirds full, so probe runs stay short. */
  private readonly slots: Int32Array;

  /** Throws on a repeated word: callers fold duplicates first (the ids must stay unambiguous). */
  constructor(words: readonly string[]) {
    const n = words.length;
    this.size = n;
    this.text = words.join('');
    this.starts = new Uint32Array(n + 1);
    let at = 0;
    for (let id = 0; id < n; id++) {
      this.starts[id] = at;
      at += words[id].length;
    }
    this.starts[n] = at;
    let capacity = 16;
    while (capacity < n + (n >> 1)) capacity *= 2;
    this.slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let id = 0; id < n; id++) {
      const word = words[id];
      let s = hashOf(word) & mask;
      while (this.slots[s] !== 0) {
        if (this.matches(this.slots[s] - 1, word)) throw new Error(`WordTable: "${word}" is listed twice`);
        s = (s + 1) & mask;
      }
      this.slots[s] = id + 1;
    }
  }

  private matches(id: number, word: string): boolean {
    const start = this.starts[id];
    const n = word.length;
    if (this.starts[id + 1] - start !== n) return false;
    const text = this.text;
    for (let i = 0; i < n; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
    return true;
  }

  /** The word's id, -1 when it is not in the table. */
  id(word: string): number {
    const mask = this.slots.length - 1;
    for (let s = hashOf(word) & mask; ; s = (s + 1) & mask) {
      const slot = this.slots[s];
      if (slot === 0) return -1;
      if (this.matches(slot - 1, word)) return slot - 1;
    }
  }

  /** The word with this id (a new string each call). */
  word(id: number): string {
    return this.text.slice(this.starts[id], this.starts[id + 1]);
  }
}
