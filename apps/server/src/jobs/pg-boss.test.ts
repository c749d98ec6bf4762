import { describe, expect, it } from 'vitest';
import { libraryConnection } from './pg-boss';

/** A stand-in for the repository's connection: each query waits until the test settles it. */
function fakeInner() {
  const calls: { text: string; settle: (rows: unknown[]) => void }[] = [];
  return {
    calls,
    executeSql(text: string) {
      return new Promise<{ rows: any[] }>((resolve) => calls.push({ text, settle: (rows) => resolve({ rows }) }));
    },
  };
}

describe('the job library connection a stop closes', () => {
  it('waits for a query in flight and the one its answer starts before it closes, then runs none', async () => {
    const inner = fakeInner();
    const connection = libraryConnection(inner);
    // A worker loop's fetch under way at the stop; its jobs are refused and failed (not awaited by the library).
    const fetched = connection.executeSql('fetch').then(() => void connection.executeSql('fail'));
    let closed = false;
    const stop = connection.drainAndClose().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    inner.calls[0]!.settle([{ id: 'job' }]);
    await fetched;
    await new Promise((r) => setImmediate(r));
    expect(inner.calls.map((c) => c.text)).toEqual(['fetch', 'fail']);
    expect(closed).toBe(false);
    inner.calls[1]!.settle([]);
    await stop;
    // Closed: a late query is answered with no rows and never reaches the database.
    await expect(connection.executeSql('complete')).resolves.toEqual({ rows: [] });
    expect(inner.calls).toHaveLength(2);
  });

  it('closes at once when nothing is in flight, and a failed query does not hold it open', async () => {
    const inner = { executeSql: (text: string) => (text === 'bad' ? Promise.reject(new Error('no')) : Promise.resolve({ rows: [1] })) };
    const connection = libraryConnection(inner);
    await expect(connection.executeSql('bad')).rejects.toThrow('no');
    await expect(connection.executeSql('good')).resolves.toEqual({ rows: [1] });
    await connection.drainAndClose();
    await expect(connection.executeSql('good')).resolves.toEqual({ rows: [] });
  });
});
