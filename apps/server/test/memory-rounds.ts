import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { QUOTA_KINDS } from '@members-only/shared';
import { makeClickTrack } from '../src/audio/fixtures';
import { call, signUp, uploadWav } from './heavy-clicks';

/**
 * "Memory that comes back" (issue 31, ADR 059), against a running server: the load suite's mix of
 * reads, writes and heavy generations (test/ops/load.test.ts) in rounds, with the server's RSS read
 * from /proc while each round runs (busy), when it has ended, and after it, while idle, until it
 * is under a bound or a deadline passes. Shared by the operations suite (test/ops/memory.test.ts,
 * loose bounds, short rounds) and `npm run bench` (bench/memory-load.ts, the targets).
 */

/** The settings the server needs: jobs run in the web process, no limit or quota in the way. */
export const MEMORY_ROUNDS_ENV: Record<string, string> = {
  WORKERS: '1',
  QUOTAS_FREE: QUOTA_KINDS.map((k) => `${k}=1000000`).join(','),
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
  RATE_LIMIT_GENERATE_PER_MINUTE: '0',
};

/**
 * What `npm start` (the root package.json's start script) sets for the server: the environment
 * before `exec` (glibc's allocator settings, ADR 059) and Node's flags as NODE_OPTIONS.
 */
export function productionStartEnv(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const env = Object.fromEntries(
    words
      .slice(0, words.indexOf('exec'))
      .filter((w) => /^[A-Z_]+=/.test(w))
      .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
  return { ...env, NODE_OPTIONS: words.filter((w) => w.startsWith('--')).join(' ') };
}

/** VmRSS of a process, in MiB (Linux: /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * The summed VmRSS of every process below `pid` (heavy-work child processes, ffmpeg), in MiB:
 * memory moved out of the web process into its children has not gone, so it is read beside it.
 */
export function descendantsRssMb(pid: number): number {
  // A child forked but not yet exec'd (ffmpeg being started) shares the parent's pages and reads
  // as large as it: it is the parent's command line still, and not counted.
  const cmdline = (p: number) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
  const own = cmdline(pid);
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const below = [...(children.get(pid) ?? [])];
  for (let next = below.pop(); next !== undefined; next = below.pop()) {
    try {
      // A zombie has no VmRSS line.
      const mb = cmdline(next) === own ? 0 : rssMb(next);
      if (Number.isFinite(mb)) total += mb;
    } catch {
      // gone meanwhile
    }
    below.push(...(children.get(next) ?? []));
  }
  return total;
}

interface Artist {
  cookie: string;
  chat: number;
  lyrics: number;
  studio: number;
  track: number;
  /** Payout methods and lyric snippets this load added and has not removed yet, oldest first. */
  methods: number[];
  snippets: number[];
}
interface Op {
  name: string;
  weight: number;
  heavy?: 'cover' | 'beat';
  request: (a: Artist, n: number) => { method: string; path: string; body?: object };
  /** Reads a 2xx answer's body (the ids the load removes later). */
  answered?: (a: Artist, body: string) => void;
}

/**
 * Two operations that add an item (`add`, answering `{ id }`) and remove the oldest one this load
 * added (DELETE `item(id)`; while it has added none, a read of `list` instead), weighted so the
 * removal comes a little more often and the list does not grow round after round (ADR 064).
 */
function churn(spec: {
  name: string;
  weights: [add: number, remove: number];
  kept: (a: Artist) => number[];
  add: Op['request'];
  list: (a: Artist) => string;
  item: (id: number) => string;
}): Op[] {
  return [
    { name: spec.name, weight: spec.weights[0], request: spec.add, answered: (a, body) => void spec.kept(a).push((JSON.parse(body) as { id: number }).id) },
    {
      name: spec.name.replace(/ save$/, '') + ' removal',
      weight: spec.weights[1],
      request: (a) => {
        const id = spec.kept(a).shift();
        return id === undefined ? { method: 'GET', path: spec.list(a) } : { method: 'DELETE', path: spec.item(id) };
      },
    },
  ];
}

/**
 * The load suite's mix (test/ops/load.test.ts): every tool's main endpoint, reads and writes, a
 * cover and a beat at a time. The chat history is read as the chat page reads it, the latest page
 * of 50; payout methods and saved lyrics are removed a little more often than added, as an artist
 * replaces a card or a draft, so rounds repeat the same work instead of each answering longer
 * lists than the last (ADR 064). Covers and beats, which have no removal, still add up.
 */
const OPS: Op[] = [
  { name: 'conversations list', weight: 10, request: () => ({ method: 'GET', path: '/api/conversations?limit=20' }) },
  { name: 'chat history', weight: 5, request: (a) => ({ method: 'GET', path: `/api/conversations/${a.chat}/messages?limit=50` }) },
  { name: 'tracks list', weight: 8, request: () => ({ method: 'GET', path: '/api/tracks' }) },
  { name: 'payout methods', weight: 6, request: () => ({ method: 'GET', path: '/api/payment-methods' }) },
  { name: 'quotas', weight: 4, request: () => ({ method: 'GET', path: '/api/quotas' }) },
  { name: 'cover arts list', weight: 3, request: () => ({ method: 'GET', path: '/api/coverarts' }) },
  { name: 'beats list', weight: 3, request: () => ({ method: 'GET', path: '/api/studio/music' }) },
  { name: 'saved lyrics', weight: 3, request: (a) => ({ method: 'GET', path: `/api/conversations/${a.lyrics}/lyrics` }) },
  { name: 'lyrics analyze', weight: 8, request: (_a, n) => ({ method: 'POST', path: '/api/lyrics/analyze', body: { text: `I stay up all night ${n}\nchasing the neon light\nthe city on my mind\nI leave it all behind` } }) },
  { name: 'song review', weight: 3, request: (a) => ({ method: 'POST', path: '/api/review', body: { lyrics: 'stay up all night\nchasing the light', trackId: a.track } }) },
  { name: 'chat message', weight: 8, request: (a, n) => ({ method: 'POST', path: `/api/conversations/${a.chat}/messages`, body: { content: n % 2 ? 'How do royalties work?' : 'What tempo for trap?' } }) },
  { name: 'new conversation', weight: 3, request: (_a, n) => ({ method: 'POST', path: '/api/conversations', body: { category: 'chat', title: `Load ${n}` } }) },
  ...churn({
    name: 'lyrics save',
    weights: [6, 7],
    kept: (a) => a.snippets,
    add: (a, n) => ({ method: 'POST', path: `/api/conversations/${a.lyrics}/lyrics`, body: { content: `bar number ${n}`, position: n % 50 } }),
    list: (a) => `/api/conversations/${a.lyrics}/lyrics`,
    item: (id) => `/api/lyrics/${id}`,
  }),
  { name: 'review save', weight: 2, request: (a, n) => ({ method: 'POST', path: `/api/tracks/${a.track}/reviews`, body: { reviewText: `**Flow: ${(n % 10) + 1}/10**`, rating: (n % 10) + 1 } }) },
  { name: 'marketing plan', weight: 2, request: (a, n) => ({ method: 'POST', path: '/api/marketing', body: { title: `Load Single ${n}`, context: 'Late-night listeners', releaseDate: '2027-03-05', trackId: a.track } }) },
  ...churn({
    name: 'payout method',
    weights: [3, 4],
    kept: (a) => a.methods,
    add: (_a, n) => ({ method: 'POST', path: '/api/payment-methods', body: { type: 'card', accountName: `Load Artist ${n}`, accountNumber: '4111111111111111', bankName: 'Load Bank', cardType: 'visa', isDefault: false } }),
    list: () => '/api/payment-methods',
    item: (id) => `/api/payment-methods/${id}`,
  }),
  { name: 'cover art generate', weight: 2, heavy: 'cover', request: (a, n) => ({ method: 'POST', path: '/api/coverarts', body: { prompt: 'Night city in gold', title: `Load Cover ${n}`, trackId: a.track } }) },
  { name: 'studio beat generate', weight: 2, heavy: 'beat', request: (a, n) => ({ method: 'POST', path: '/api/studio/generate', body: { prompt: 'dark trap, 8 seconds', model: 'rap', conversationId: a.studio, seed: n } }) },
];

/** One answer over a keep-alive agent, as plain node:http (no fetch overhead in the load's own CPU): status and body, or the transport error. Also the load suite's (test/ops/load.test.ts). */
export function send(agent: http.Agent, origin: URL, cookie: string, op: { method: string; path: string; body?: object }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = op.body ? JSON.stringify(op.body) : undefined;
    const req = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: op.method,
        path: op.path,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs up `count` artists, each with a chat, a lyrics and a studio conversation and an analysed, transcribed 3 s track. */
export async function prepareArtists(origin: string, count = 8): Promise<Artist[]> {
  const wav = fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: 3, channels: 1 }));
  const artists: Artist[] = [];
  for (let i = 0; i < count; i++) {
    const cookie = await signUp(origin, `mem${Date.now().toString(36)}${i}`);
    const conversation = async (category: string) => (await call(origin, cookie, 'POST', '/api/conversations', { category })).id as number;
    const track = (await uploadWav(origin, cookie, wav, 'mem.wav')).id as number;
    artists.push({ cookie, chat: await conversation('chat'), lyrics: await conversation('lyrics'), studio: await conversation('studio'), track, methods: [], snippets: [] });
  }
  // Reviews and covers read the track's analysis.
  for (const a of artists) {
    for (;;) {
      const t = await call(origin, a.cookie, 'GET', `/api/tracks/${a.track}`);
      if (t.analysis.status === 'done') break;
      if (t.analysis.status === 'failed') throw new Error(`analysis failed: ${JSON.stringify(t.analysis)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await call(origin, a.cookie, 'PUT', `/api/tracks/${a.track}/transcription`, { transcription: 'Rain on the window, neon on the chrome\nI stay up all night' });
  }
  return artists;
}

/** Numbers every request across rounds: a payout method's holder is new each time (a second copy of a card is refused with 409, ADR 030). */
let sequence = 0;

/** One round of load: `connections` clients for `durationMs`; every answer must be 2xx. Returns the requests answered. */
export async function loadRound(origin: string, artists: Artist[], durationMs: number, connections = 50): Promise<number> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const totalWeight = OPS.reduce((s, o) => s + o.weight, 0);
  const inFlight = { cover: 0, beat: 0 };
  const errors: string[] = [];
  const deadline = Date.now() + durationMs;
  const pick = (): Op => {
    for (;;) {
      let r = Math.random() * totalWeight;
      const op = OPS.find((o) => (r -= o.weight) < 0) ?? OPS[0]!;
      if (!op.heavy || inFlight[op.heavy] < 1) return op;
    }
  };
  const client = async (c: number) => {
    const artist = artists[c % artists.length]!;
    while (Date.now() < deadline && errors.length < 20) {
      const op = pick();
      const seq = sequence++;
      if (op.heavy) inFlight[op.heavy]++;
      try {
        const res = await send(agent, url, artist.cookie, op.request(artist, seq));
        if (res.status < 200 || res.status >= 300) errors.push(`${op.name}: ${res.status} ${res.body.slice(0, 200)}`);
        else op.answered?.(artist, res.body);
      } catch (error) {
        errors.push(`${op.name}: ${(error as Error).message}`);
      } finally {
        if (op.heavy) inFlight[op.heavy]--;
      }
    }
  };
  const first = sequence;
  await Promise.all(Array.from({ length: connections }, (_, c) => client(c)));
  agent.destroy();
  if (errors.length) throw new Error(`${errors.length} failed requests under load:\n${errors.slice(0, 5).join('\n')}`);
  return sequence - first;
}

export interface MemoryRound {
  requests: number;
  /** Highest RSS sampled (every 50 ms) while the round ran. */
  busyMb: number;
  /** Highest summed RSS of the process's descendants (descendantsRssMb, every 200 ms) while the round ran. */
  childrenBusyMb: number;
  /** Highest RSS of the process and its descendants together, among the samples that read both. */
  totalBusyMb: number;
  /** RSS once every answer of the round is in and the process has had `settleMs` to finish its work. */
  afterMb: number;
  /** Its descendants' summed RSS at the same moment. */
  childrenAfterMb: number;
}

export interface MemoryRoundsFigures {
  startMb: number;
  rounds: MemoryRound[];
  /** RSS when it first fell under `idleBoundMb` after the last round, or at the deadline. */
  idleMb: number;
  /** Seconds from the end of the last round to `idleMb`. */
  idleSeconds: number;
  /** The descendants' summed RSS at the same moment. */
  childrenIdleMb: number;
  /** The process's and its descendants' RSS together when it first fell under `idleBoundMb`, or at the deadline; and when. */
  totalIdleMb: number;
  totalIdleSeconds: number;
}

/**
 * Runs `rounds` rounds of load on the server at `origin` (process `pid`) and reads its RSS. After
 * the last round, polls RSS every second until it is under `idleBoundMb` or `idleDeadlineMs` has
 * passed (the heavy-work threads end after a minute idle, ADR 055), and likewise for its RSS and its
 * descendants' together.
 */
export async function memoryRounds(
  origin: string,
  pid: number,
  options: { rounds: number; roundMs: number; connections?: number; artists?: number; settleMs?: number; idleBoundMb: number; idleDeadlineMs: number; onRound?: (round: MemoryRound, index: number) => void },
): Promise<MemoryRoundsFigures> {
  const artists = await prepareArtists(origin, options.artists ?? 8);
  const startMb = rssMb(pid);
  const rounds: MemoryRound[] = [];
  for (let i = 0; i < options.rounds; i++) {
    let busyMb = rssMb(pid);
    let childrenBusyMb = descendantsRssMb(pid);
    let totalBusyMb = busyMb + childrenBusyMb;
    let tick = 0;
    const sampler = setInterval(() => {
      const web = rssMb(pid);
      busyMb = Math.max(busyMb, web);
      // Walking /proc costs the load's own CPU: every fourth sample.
      if (tick++ % 4) return;
      const children = descendantsRssMb(pid);
      childrenBusyMb = Math.max(childrenBusyMb, children);
      totalBusyMb = Math.max(totalBusyMb, web + children);
    }, 50);
    let requests: number;
    try {
      requests = await loadRound(origin, artists, options.roundMs, options.connections);
    } finally {
      clearInterval(sampler);
    }
    busyMb = Math.max(busyMb, rssMb(pid));
    await new Promise((r) => setTimeout(r, options.settleMs ?? 1000));
    const round = { requests, busyMb, childrenBusyMb, totalBusyMb, afterMb: rssMb(pid), childrenAfterMb: descendantsRssMb(pid) };
    rounds.push(round);
    options.onRound?.(round, i);
  }
  const ended = performance.now();
  const since = () => (performance.now() - ended) / 1000;
  let idle: { idleMb: number; idleSeconds: number; childrenIdleMb: number } | undefined;
  let total: { totalIdleMb: number; totalIdleSeconds: number } | undefined;
  for (;;) {
    const web = rssMb(pid);
    const children = descendantsRssMb(pid);
    const late = performance.now() - ended >= options.idleDeadlineMs;
    if (!idle && (web < options.idleBoundMb || late)) idle = { idleMb: web, idleSeconds: since(), childrenIdleMb: children };
    if (!total && (web + children < options.idleBoundMb || late)) total = { totalIdleMb: web + children, totalIdleSeconds: since() };
    if (idle && total) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { startMb, rounds, ...idle!, ...total! };
}
