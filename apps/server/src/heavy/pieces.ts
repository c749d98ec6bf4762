/**
 * Big typed arrays cross the heavy-work IPC channel in pieces (ADR 066). One message is serialised
 * and deserialised whole, synchronously: a booth mixdown's backing and takes (about 76 MB for a
 * 3-minute song) in one message held the web process's event loop for 100-130 ms as it was sent.
 * In pieces of a megabyte, sent one after another as the previous one is written, the copying is
 * spread over many turns of the event loop, and requests are answered between them.
 */

/** Typed arrays longer than this go in pieces of this size. */
export const PIECE_BYTES = 1 << 20;

export interface PieceMessage {
  type: 'piece';
  id: number;
  /** Which of the message's arrays, in the order cutOut found them. */
  piece: number;
  byteLength: number;
  offset: number;
  data: Uint8Array;
}

/** What a big typed array is replaced by in the message that follows its pieces. */
interface Placeholder {
  $piece: number;
  type: string;
  length: number;
}

const TYPES: Record<string, new (buffer: ArrayBuffer, byteOffset: number, length: number) => ArrayBufferView> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
  // Buffer, a Uint8Array, arrives as one.
  Buffer: Uint8Array,
};

/**
 * `value` with every typed array over PIECE_BYTES (in plain objects and arrays, 4 levels deep) replaced
 * by a placeholder, and those arrays pushed onto `arrays`. The value itself is not changed.
 */
export function cutOut(value: unknown, arrays: ArrayBufferView[], depth = 0): unknown {
  if (ArrayBuffer.isView(value)) {
    const type = value.constructor.name;
    if (value.byteLength <= PIECE_BYTES || !(type in TYPES)) return value;
    arrays.push(value);
    return { $piece: arrays.length - 1, type, length: (value as unknown as { length: number }).length } satisfies Placeholder;
  }
  if (depth >= 4 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => cutOut(v, arrays, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutOut(v, arrays, depth + 1)]));
}

/** The pieces of `arrays`, each a view (serialised as its own bytes only). */
export function* piecesOf(id: number, arrays: ArrayBufferView[]): Generator<PieceMessage> {
  for (const [piece, array] of arrays.entries()) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let offset = 0; offset < bytes.byteLength; offset += PIECE_BYTES) {
      yield { type: 'piece', id, piece, byteLength: bytes.byteLength, offset, data: bytes.subarray(offset, offset + PIECE_BYTES) };
    }
  }
}

/** Collects one message's pieces and puts its arrays back in place. */
export class Assembly {
  private readonly buffers: Uint8Array[] = [];

  add(message: PieceMessage): void {
    let buffer = this.buffers[message.piece];
    if (!buffer) this.buffers[message.piece] = buffer = new Uint8Array(message.byteLength);
    buffer.set(message.data, message.offset);
  }

  /** `value` with its placeholders replaced by the arrays their pieces made. */
  restore(value: unknown, depth = 0): unknown {
    if (this.buffers.length === 0 || depth > 4 || !value || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
    if (Array.isArray(value)) return value.map((v) => this.restore(v, depth + 1));
    const placeholder = value as Partial<Placeholder>;
    if (typeof placeholder.$piece === 'number' && typeof placeholder.type === 'string') {
      return new TYPES[placeholder.type]!(this.buffers[placeholder.$piece]!.buffer as ArrayBuffer, 0, placeholder.length!);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.restore(v, depth + 1)]));
  }
}
