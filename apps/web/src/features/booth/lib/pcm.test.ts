import { describe, expect, it } from 'vitest';
import { chunkFields, floatTo16BitPcm, OffsetConflict, TakeUploader, type HeldTake } from './pcm';

/** A server that follows the take protocol of ADR 047 in memory: a wrong offset is a 409 with what it holds. */
function fakeTakeServer() {
  const takes = new Map<number, { bytes: number[]; complete: boolean; fields: Record<string, string> }>();
  const log: Array<{ fields: Record<string, string>; bytes: number; status: number }> = [];
  let nextId = 1;
  /** Answers lost on the way back (the server did the work; the client saw a network error). */
  let loseAnswers = 0;
  /** Requests that never reach the server. */
  let dropRequests = 0;
  const send = async (fields: Record<string, string>, audio: Uint8Array): Promise<HeldTake> => {
    if (dropRequests > 0) {
      dropRequests--;
      log.push({ fields, bytes: audio.length, status: 0 });
      throw new TypeError('Failed to fetch');
    }
    let id: number;
    if (fields.takeId === undefined) {
      id = nextId++;
      takes.set(id, { bytes: [], complete: false, fields });
    } else id = Number(fields.takeId);
    const take = takes.get(id)!;
    if (take.complete || Number(fields.offset) !== take.bytes.length) {
      log.push({ fields, bytes: audio.length, status: 409 });
      throw new OffsetConflict(take.bytes.length);
    }
    take.bytes.push(...audio);
    if (fields.final === 'true') take.complete = true;
    log.push({ fields, bytes: audio.length, status: 200 });
    const answer = { id, receivedBytes: take.bytes.length, complete: take.complete };
    if (loseAnswers > 0) {
      loseAnswers--;
      throw new TypeError('Failed to fetch');
    }
    return answer;
  };
  return {
    takes,
    log,
    send,
    loseNextAnswer: () => void (loseAnswers = 1),
    dropNextRequest: () => void (dropRequests = 1),
  };
}

const bytes = (n: number, from = 0) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 251);

describe('16-bit PCM from the worklet’s float blocks', () => {
  it('scales, rounds and clips to little-endian 16-bit', () => {
    const out = floatTo16BitPcm(Float32Array.from([0, 1, -1, 0.5, -0.5, 2, -3, Number.NaN]));
    const view = new DataView(out.buffer);
    const samples = Array.from({ length: 8 }, (_, i) => view.getInt16(i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768, 0]);
    // Little-endian: 32767 is ff 7f.
    expect([out[2], out[3]]).toEqual([0xff, 0x7f]);
  });
});

describe('chunked take upload', () => {
  const start = { sampleRate: 48_000, startMs: 1234.4, latencyMs: 12.6, fromBar: 3, toBar: 4 };

  it('describes the take on the first chunk and only takeId/offset after it', () => {
    expect(chunkFields(start, null, 0, false)).toEqual({ sampleRate: '48000', startMs: '1234', fromBar: '3', toBar: '4', latencyMs: '13', offset: '0' });
    expect(chunkFields(start, 7, 9600, true)).toEqual({ takeId: '7', offset: '9600', final: 'true' });
  });

  it('sends a chunk whenever one is ready while recording, then the rest with final', async () => {
    const server = fakeTakeServer();
    const up = new TakeUploader({ start, send: server.send, chunkBytes: 100 });
    up.push(bytes(60));
    up.push(bytes(60, 60));
    up.push(bytes(90, 120));
    const take = await up.finish();
    expect(take).toMatchObject({ complete: true, receivedBytes: 210 });
    expect(server.log.map((l) => [l.fields.offset, l.bytes, l.fields.final ?? ''])).toEqual([
      ['0', 100, ''],
      ['100', 100, ''],
      ['200', 10, 'true'],
    ]);
    expect(server.takes.get(take.id)!.bytes).toEqual(Array.from(bytes(210)));
    expect(server.takes.get(take.id)!.fields).toMatchObject({ sampleRate: '48000', fromBar: '3' });
  });

  it('resumes from the server’s receivedBytes after a lost answer (409), with no byte twice', async () => {
    const server = fakeTakeServer();
    const up = new TakeUploader({ start, send: server.send, chunkBytes: 100, retryDelayMs: 0 });
    up.push(bytes(100));
    up.push(bytes(100, 100));
    // The second chunk lands but its answer is lost: the client sends it again, gets 409 with 200, moves on.
    server.loseNextAnswer();
    up.push(bytes(100, 200));
    up.push(bytes(50, 300));
    const take = await up.finish();
    expect(take.receivedBytes).toBe(350);
    expect(server.log.some((l) => l.status === 409)).toBe(true);
    expect(server.takes.get(take.id)!.bytes).toEqual(Array.from(bytes(350)));
  });

  it('sends a chunk again when the connection dropped it', async () => {
    const server = fakeTakeServer();
    const up = new TakeUploader({ start, send: server.send, chunkBytes: 100, retryDelayMs: 0 });
    up.push(bytes(100));
    server.dropNextRequest();
    up.push(bytes(150, 100));
    const take = await up.finish();
    expect(server.log.filter((l) => l.status === 0)).toHaveLength(1);
    expect(server.takes.get(take.id)!.bytes).toEqual(Array.from(bytes(250)));
  });

  it('gives up after its tries and says why, keeping the bytes', async () => {
    const send = async (): Promise<HeldTake> => {
      throw new TypeError('Failed to fetch');
    };
    const up = new TakeUploader({ start, send, chunkBytes: 100, retries: 2, retryDelayMs: 0 });
    up.push(bytes(50));
    await expect(up.finish()).rejects.toThrow('Failed to fetch');
    expect(up.recordedBytes).toBe(50);
    expect(up.uploadedBytes).toBe(0);
  });
});
