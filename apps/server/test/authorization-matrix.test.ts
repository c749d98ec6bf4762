import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Access, RouteEntry } from '../src/plugins/authorization';
import { makeClickTrack, removeFixtureDir } from '../src/audio/fixtures';
import { createTestApp, dialects, registerUser, sessionCookie, uniqueName, waitFor, type TestApp } from './helpers';
import { startFakeStripe, type RunningFakeStripe } from './fake-stripe';
import { DEFAULT_QUOTAS } from '../src/env';

/**
 * The authorization matrix: every route the server registers (read from its own route table) ×
 * four callers, each with the status it must answer:
 *
 * - `anonymous`: no session;
 * - `user`: A, an ordinary user, acting on A's own resource;
 * - `other`: B, another ordinary user, acting on A's resource;
 * - `admin`: the admin (the first account) acting on A's resource.
 *
 * URL parameters are filled from the fixture of A named by `uses`; bodies and queries are minimal
 * and valid, so a status reflects authorization and not validation. A new route fails the suite
 * until it has an entry here; an entry whose route is gone fails too.
 */

type Actor = 'anonymous' | 'user' | 'other' | 'admin';
/** One status, or the statuses that all count as the expected outcome. */
type Status = number | readonly number[];
type FixtureKind =
  | 'account'
  | 'conversation'
  | 'lyricsConversation'
  | 'snippet'
  | 'track'
  | 'trackFile'
  | 'job'
  | 'marketingConversation'
  | 'marketingPlan'
  | 'coverArt'
  | 'paymentMethod'
  | 'artist'
  | 'payout'
  | 'ledgerEntry'
  | 'studioConversation'
  | 'beatFile'
  | 'beat'
  | 'song'
  | 'take'
  | 'mixTrack'
  | 'splitSong'
  | 'splitContributor'
  | 'splitInvite'
  | 'agreedSplitSong'
  | 'songEarning';

interface Person {
  id: number;
  username: string;
  password: string;
  cookie: string;
}
interface Fixtures {
  /** A's user id (the admin dashboard's user routes). */
  account: number;
  conversation: number;
  lyricsConversation: number;
  snippet: number;
  track: number;
  trackFile: string;
  job: number;
  marketingConversation: number;
  marketingPlan: number;
  coverArt: number;
  /** A's payout method (the default), A's own user id, and a pending payout to A. */
  paymentMethod: number;
  artist: number;
  payout: number;
  /** An earning of A's kept for the reversal route (reversed once, by the admin). */
  ledgerEntry: number;
  studioConversation: number;
  beatFile: string;
  /** A's finished built-in beat (its stems, MIDI file, variations and extensions). */
  beat: number;
  /** The song A's track is a version of (the upload made it); `:trackId` is that track. */
  song: number;
  /** A complete take of A's on that song (`:id` is the song, `:takeId` the take). */
  take: number;
  /** The version a mixdown of A's made (its stems ZIP). */
  mixTrack: number;
  /** A's song with a split sheet: A (a member) and two invited people. */
  splitSong: number;
  /** The first invited person's line on it (`:id` is the song), with a link (made and revoked by the routes). */
  splitContributor: number;
  /** The second invited person's link token (the public invitation routes). */
  splitInvite: string;
  /** A's song whose sheet (A alone) is agreed: earnings can be recorded for it. */
  agreedSplitSong: number;
  /** An earning recorded for that song (reversed once, by the admin). */
  songEarning: number;
}
interface RequestContext {
  actor: Actor;
  /** The caller (A for `anonymous`, so sign-in bodies have real credentials). */
  person: Person;
  fixtures: Fixtures;
}
interface RequestParts {
  payload?: string | Buffer | object;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

interface Entry extends Record<Actor, Status> {
  /** The access the route must declare in its config. */
  access: Access;
  /** Which of A's resources fills the URL parameter. */
  uses?: FixtureKind;
  /**
   * A brand-new resource of `uses` for this route, so a successful DELETE by A removes nothing the
   * other routes need. After B's and the admin's attempts the suite checks it still exists.
   */
  fresh?: boolean;
  /** The route ends or replaces the caller's session: each signed-in caller gets a new one first. */
  freshSession?: boolean;
  request?: (ctx: RequestContext) => RequestParts;
}

const json = (payload: object): RequestParts => ({ payload });
const VALID_CARD = { type: 'card', accountName: 'Matrix Artist', accountNumber: '4111111111111111', bankName: 'Matrix Bank', cardType: 'visa', isDefault: true };
/** The same card cannot be saved twice (ADR 030): each one saved here has a holder of its own. */
let cardsMade = 0;
const validCard = () => ({ ...VALID_CARD, accountName: `Matrix Artist ${++cardsMade}` });

/** The split sheet of A's `splitSong`: A and two invited people (the matrix's PUT saves it unchanged). */
const matrixSplitLines = (aId: number) => [
  { userId: String(aId), roles: ['writer'], publishingBps: 8000, masterBps: 8000 },
  { name: 'Matrix Guest', email: 'guest@example.com', roles: ['featured'], publishingBps: 1000, masterBps: 1000 },
  { name: 'Matrix Invitee', email: 'invitee@example.com', roles: ['producer'], publishingBps: 1000, masterBps: 1000 },
];

const MATRIX: Record<string, Entry> = {
  'GET /api/health': { access: 'public', anonymous: 200, user: 200, other: 200, admin: 200 },
  'GET /api/ready': { access: 'public', anonymous: 200, user: 200, other: 200, admin: 200 },

  // Auth: no resource of A's involved; each caller acts as themselves.
  'GET /api/user': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/session': { access: 'anonymous', anonymous: 204, user: 200, other: 200, admin: 200 },
  'POST /api/register': {
    access: 'anonymous',
    freshSession: true,
    anonymous: 201,
    user: 201,
    other: 201,
    admin: 201,
    request: () => {
      const username = uniqueName('matrix');
      return json({ username, email: `${username}@example.com`, password: 'secret-pass' });
    },
  },
  'POST /api/login': {
    access: 'anonymous',
    freshSession: true,
    anonymous: 200,
    user: 200,
    other: 200,
    admin: 200,
    request: ({ person }) => json({ username: person.username, password: person.password }),
  },
  'POST /api/logout': { access: 'anonymous', freshSession: true, anonymous: 204, user: 204, other: 204, admin: 204 },

  // Conversations and chat.
  'GET /api/conversations': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => ({ query: { limit: '10' } }) },
  'POST /api/conversations': { access: 'user', anonymous: 401, user: 201, other: 201, admin: 201, request: () => json({ category: 'chat' }) },
  'GET /api/conversations/:id': { access: 'user', uses: 'conversation', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PATCH /api/conversations/:id': {
    access: 'user',
    uses: 'conversation',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: () => json({ title: 'Renamed' }),
  },
  'DELETE /api/conversations/:id': { access: 'user', uses: 'conversation', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  'GET /api/conversations/:id/messages': { access: 'user', uses: 'conversation', anonymous: 401, user: 200, other: 404, admin: 404 },
  'POST /api/conversations/:id/messages': {
    access: 'user',
    uses: 'conversation',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: () => json({ content: 'How do I write a hook?' }),
  },
  // Server-sent events: 200 and an event stream (read to the end by inject).
  'POST /api/conversations/:id/messages/stream': {
    access: 'user',
    uses: 'conversation',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: () => json({ content: 'And a bridge?' }),
  },
  'POST /api/conversations/:id/regenerate': { access: 'user', uses: 'conversation', anonymous: 401, user: 200, other: 404, admin: 404 },
  'POST /api/ai/text': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => json({ prompt: 'Name my album', type: 'chat' }) },
  'GET /api/ai/engine': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },

  // Lyrics.
  'GET /api/conversations/:id/lyrics': { access: 'user', uses: 'lyricsConversation', anonymous: 401, user: 200, other: 404, admin: 404 },
  'POST /api/conversations/:id/lyrics': {
    access: 'user',
    uses: 'lyricsConversation',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: () => json({ content: 'second verse', position: 1 }),
  },
  'DELETE /api/lyrics/:id': { access: 'user', uses: 'snippet', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  'POST /api/lyrics/analyze': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => json({ text: 'night\nlight' }) },
  'POST /api/lyrics/suggestions': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => json({ text: 'stay up all night' }) },
  'POST /api/lyrics/feedback': {
    access: 'user',
    anonymous: 401,
    user: 200,
    other: 200,
    admin: 200,
    request: () => json({ text: 'stay up all night\nchasing the light' }),
  },
  'GET /api/lyrics/rhymes': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => ({ query: { word: 'night' } }) },
  'POST /api/lyrics/phrases': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => json({ text: 'I had a paper plan' }) },

  // Tracks and jobs.
  'POST /api/tracks/upload': { access: 'user', anonymous: 401, user: 201, other: 201, admin: 201, request: () => uploadParts() },
  'GET /api/tracks': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/storage': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/tracks/:id': { access: 'user', uses: 'track', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PUT /api/tracks/:id/transcription': {
    access: 'user',
    uses: 'track',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: () => json({ transcription: 'la la la' }),
  },
  'DELETE /api/tracks/:id': { access: 'user', uses: 'track', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  'GET /api/jobs/:id': { access: 'user', uses: 'job', anonymous: 401, user: 200, other: 404, admin: 404 },
  // Admins may listen to any upload (policies: track.stream is ownerOrAdmin).
  'GET /uploads/tracks/:filename': { access: 'user', uses: 'trackFile', anonymous: 401, user: 200, other: 404, admin: 200 },

  // Song Review: a review reads the track's audio facts, so someone else's track is a 404 (admins included).
  'POST /api/review': {
    access: 'user',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: ({ fixtures }) => json({ lyrics: 'stay up all night\nchasing the light', trackId: fixtures.track }),
  },
  'GET /api/tracks/:id/reviews': { access: 'user', uses: 'track', anonymous: 401, user: 200, other: 404, admin: 404 },
  'POST /api/tracks/:id/reviews': {
    access: 'user',
    uses: 'track',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: () => json({ reviewText: '**Flow: 7/10**', rating: 7 }),
  },

  // Marketing Plan: plans live in A's marketing conversation; saving into it is A's alone.
  'POST /api/marketing': {
    access: 'user',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: ({ fixtures }) =>
      json({ conversationId: fixtures.marketingConversation, title: 'Matrix Single', context: 'Fans of late-night rap', releaseDate: '2027-01-15' }),
  },
  'GET /api/conversations/:id/marketing-plans': { access: 'user', uses: 'marketingConversation', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/marketing-plans/:id': { access: 'user', uses: 'marketingPlan', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PUT /api/marketing-plans/:id/calendar': {
    access: 'user',
    uses: 'marketingPlan',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: () => json({ releaseDate: '2027-02-05', items: [{ id: 'release', offsetDays: 0, title: 'Release day', description: '', kind: 'release' }] }),
  },
  'GET /api/marketing-plans/:id/calendar.ics': { access: 'user', uses: 'marketingPlan', anonymous: 401, user: 200, other: 404, admin: 404 },

  // Cover Art: covers of A's track; the image also shows to admins (the admin list links to it).
  'POST /api/coverarts/concept': {
    access: 'user',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: ({ fixtures }) => json({ trackId: fixtures.track }),
  },
  'POST /api/coverarts': {
    access: 'user',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: ({ fixtures }) => json({ prompt: 'Gold on black', mode: 'restyle', parentId: fixtures.coverArt, style: 'luxury-opulent' }),
  },
  'GET /api/coverarts': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/coverarts/:id': { access: 'user', uses: 'coverArt', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/coverarts/:id/image': { access: 'user', uses: 'coverArt', anonymous: 401, user: 200, other: 404, admin: 200 },
  'GET /api/coverarts/:id/kit': { access: 'user', uses: 'coverArt', anonymous: 401, user: 200, other: 404, admin: 200 },
  'GET /api/admin/cover-arts': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  // Payouts: payout methods are A's alone (another's is a 404, admins included); the ledger's writes are admins'.
  'GET /api/payment-methods': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'POST /api/payment-methods': { access: 'user', anonymous: 401, user: 201, other: 201, admin: 201, request: () => json(validCard()) },
  'POST /api/payment-methods/:id/default': { access: 'user', uses: 'paymentMethod', anonymous: 401, user: 200, other: 404, admin: 404 },
  'DELETE /api/payment-methods/:id': { access: 'user', uses: 'paymentMethod', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  'GET /api/payouts/ledger': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/payouts/statement': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => ({ query: { period: '2026-09' } }) },
  'GET /api/payouts/statement.csv': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => ({ query: { period: '2026-09' } }) },
  'GET /api/admin/users/:id/ledger': { access: 'admin', uses: 'artist', anonymous: 401, user: 403, other: 403, admin: 200 },
  'POST /api/admin/users/:id/earnings': {
    access: 'admin',
    uses: 'artist',
    anonymous: 401,
    user: 403,
    other: 403,
    admin: 201,
    request: () => json({ amountMinor: 1000, currency: 'USD', source: 'Matrix Distro', period: '2026-10' }),
  },
  'POST /api/admin/users/:id/earnings/import': {
    access: 'admin',
    uses: 'artist',
    anonymous: 401,
    user: 403,
    other: 403,
    admin: 201,
    request: () => json({ csv: 'period,source,amount,currency\n2026-10,Matrix Distro,1.00,USD\n' }),
  },
  'POST /api/admin/users/:id/payouts': {
    access: 'admin',
    uses: 'artist',
    anonymous: 401,
    user: 403,
    other: 403,
    admin: 201,
    request: () => json({ amountMinor: 1, currency: 'USD' }),
  },
  'POST /api/admin/payouts/:id/paid': { access: 'admin', uses: 'payout', anonymous: 401, user: 403, other: 403, admin: 200 },
  'POST /api/admin/ledger/:id/reverse': {
    access: 'admin',
    uses: 'ledgerEntry',
    anonymous: 401,
    user: 403,
    other: 403,
    admin: 201,
    request: () => json({ reason: 'Matrix correction' }),
  },
  // Studio: beats are made in A's studio conversation; the audio streams to A or an admin.
  'POST /api/studio/generate': {
    access: 'user',
    anonymous: 401,
    user: 201,
    other: 404,
    admin: 404,
    request: ({ fixtures }) => json({ prompt: 'matrix lofi, 10 seconds', model: 'lofi', conversationId: fixtures.studioConversation, seed: 1 }),
  },
  'GET /api/studio/music': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'POST /api/studio/understand': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => json({ prompt: 'UK drill, 142 bpm', model: 'trap' }) },
  'GET /uploads/beats/:filename': { access: 'user', uses: 'beatFile', anonymous: 401, user: 200, other: 404, admin: 200 },
  // Stems and MIDI download as the audio streams; variations and extensions are the owner's to make.
  'GET /api/studio/music/:id/stems': { access: 'user', uses: 'beat', anonymous: 401, user: 200, other: 404, admin: 200 },
  'GET /api/studio/music/:id/midi': { access: 'user', uses: 'beat', anonymous: 401, user: 200, other: 404, admin: 200 },
  'PATCH /api/studio/music/:id': { access: 'user', uses: 'beat', anonymous: 401, user: 200, other: 404, admin: 404, request: () => json({ title: 'Matrix beat' }) },
  'POST /api/studio/music/:id/variation': { access: 'user', uses: 'beat', anonymous: 401, user: 201, other: 404, admin: 404 },
  'POST /api/studio/music/:id/extend': { access: 'user', uses: 'beat', anonymous: 401, user: 201, other: 404, admin: 404 },

  // Songs (ADR 040): a song and everything of it are its artist's alone (admins included).
  'GET /api/songs': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200, request: () => ({ query: { q: 'matrix' } }) },
  'POST /api/songs': { access: 'user', anonymous: 401, user: 201, other: 201, admin: 201, request: () => json({ title: 'Matrix Song' }) },
  'GET /api/songs/:id': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PATCH /api/songs/:id': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404, request: () => json({ genre: 'Drill' }) },
  'PATCH /api/songs/:id/versions/:trackId': {
    access: 'user',
    uses: 'song',
    anonymous: 401,
    user: 200,
    other: 404,
    admin: 404,
    request: () => json({ label: 'First mix' }),
  },
  'DELETE /api/songs/:id': { access: 'user', uses: 'song', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  // Release pages (ADR 050): the settings, stats and sign-ups are the artist's alone; the page itself (/r/:slug) is public and checked in routes/releases.
  'GET /api/songs/:id/release': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PUT /api/songs/:id/release': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404, request: () => json({ published: false, links: [{ service: 'spotify', url: 'https://open.spotify.com/track/x' }], previewStart: 0 }) },
  'GET /api/songs/:id/release/stats': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/songs/:id/release/signups.csv': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },

  // Split sheets (issue 30, ADR 049): the owner edits; admins and members on the sheet read (B is not on it: 404); only people on it sign.
  // Everyone signed in gets their own list (what each sees is checked below: only their own sheets).
  'GET /api/splits': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },
  'GET /api/songs/:id/splits': { access: 'user', uses: 'splitSong', anonymous: 401, user: 200, other: 404, admin: 200 },
  'PUT /api/songs/:id/splits': { access: 'user', uses: 'splitSong', anonymous: 401, user: 200, other: 404, admin: 403, request: ({ fixtures }) => json({ contributors: matrixSplitLines(fixtures.account) }) },
  'POST /api/songs/:id/splits/sign': { access: 'user', uses: 'splitSong', anonymous: 401, user: 200, other: 404, admin: 403, request: () => json({ fullName: 'Matrix Artist' }) },
  'POST /api/songs/:id/splits/decline': { access: 'user', uses: 'splitSong', anonymous: 401, user: 200, other: 404, admin: 403, request: () => json({ reason: 'Matrix reason' }) },
  'GET /api/songs/:id/splits.pdf': { access: 'user', uses: 'splitSong', anonymous: 401, user: 200, other: 404, admin: 200 },
  'POST /api/songs/:id/splits/invites/:contributorId': { access: 'user', uses: 'splitContributor', anonymous: 401, user: 201, other: 404, admin: 403 },
  'POST /api/songs/:id/splits/invites/:contributorId/revoke': { access: 'user', uses: 'splitContributor', anonymous: 401, user: 200, other: 404, admin: 403 },
  // An invitation link is the invited person's key: whoever holds it sees and signs that sheet (rate-limited as public pages).
  'GET /api/split-invites/:token': { access: 'public', uses: 'splitInvite', anonymous: 200, user: 200, other: 200, admin: 200 },
  'POST /api/split-invites/:token/sign': { access: 'public', uses: 'splitInvite', anonymous: 200, user: 200, other: 200, admin: 200, request: () => json({ fullName: 'Matrix Guest' }) },
  'POST /api/split-invites/:token/decline': { access: 'public', uses: 'splitInvite', anonymous: 200, user: 200, other: 200, admin: 200, request: () => json({ reason: 'Matrix reason' }) },
  'POST /api/admin/songs/:id/earnings': {
    access: 'admin',
    uses: 'agreedSplitSong',
    anonymous: 401,
    user: 403,
    other: 403,
    admin: 201,
    request: () => json({ amountMinor: 1001, currency: 'USD', source: 'Matrix Distro', period: '2026-09' }),
  },
  'GET /api/admin/songs/:id/earnings': { access: 'admin', uses: 'agreedSplitSong', anonymous: 401, user: 403, other: 403, admin: 200 },
  'POST /api/admin/song-earnings/:id/reverse': { access: 'admin', uses: 'songEarning', anonymous: 401, user: 403, other: 403, admin: 201, request: () => json({ reason: 'Matrix correction' }) },

  // The Booth (issue 29): takes, mixes and stems are the artist's alone, like the song (admins included).
  'POST /api/songs/:id/takes': { access: 'user', uses: 'song', anonymous: 401, user: 201, other: 404, admin: 404, request: () => takeParts() },
  'GET /api/songs/:id/takes': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/songs/:id/takes/:takeId': { access: 'user', uses: 'take', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/songs/:id/takes/:takeId/audio': { access: 'user', uses: 'take', anonymous: 401, user: 200, other: 404, admin: 404 },
  'PATCH /api/songs/:id/takes/:takeId': { access: 'user', uses: 'take', anonymous: 401, user: 200, other: 404, admin: 404, request: () => json({ name: 'Matrix take' }) },
  'DELETE /api/songs/:id/takes/:takeId': { access: 'user', uses: 'take', fresh: true, anonymous: 401, user: 204, other: 404, admin: 404 },
  'GET /api/songs/:id/booth': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'POST /api/songs/:id/mixdown': {
    access: 'user',
    uses: 'take',
    anonymous: 401,
    user: 202,
    other: 404,
    admin: 404,
    request: ({ fixtures }) => json({ takes: [{ takeId: fixtures.take }], vocal: { cleanup: true, presence: 3, evenness: 3, deess: 3, space: 3 } }),
  },
  'GET /api/songs/:id/mixes': { access: 'user', uses: 'song', anonymous: 401, user: 200, other: 404, admin: 404 },
  'GET /api/tracks/:trackId/mix-stems': { access: 'user', uses: 'mixTrack', anonymous: 401, user: 200, other: 404, admin: 404 },

  // Quotas: each caller's own (landing shortly; until then the "matches a route" check fails).
  'GET /api/quotas': { access: 'user', anonymous: 401, user: 200, other: 200, admin: 200 },

  // Membership: the offer and checkout are open to visitors; cancel and billing are each caller's own
  // (none of these callers has a paid membership: 409). The provider's webhook checks its signature
  // instead of a session, so an unsigned call is a 400 for everyone.
  'GET /api/membership': { access: 'anonymous', anonymous: 200, user: 200, other: 200, admin: 200 },
  'POST /api/create-vip-checkout': { access: 'anonymous', anonymous: 200, user: 200, other: 200, admin: 200, request: () => json({ mode: 'hosted' }) },
  'POST /api/membership/cancel': { access: 'user', anonymous: 401, user: 409, other: 409, admin: 409 },
  'POST /api/membership/billing-portal': { access: 'user', anonymous: 401, user: 409, other: 409, admin: 409 },
  'POST /api/stripe/webhook': { access: 'public', anonymous: 400, user: 400, other: 400, admin: 400, request: () => json({ id: 'evt_unsigned', type: 'checkout.session.completed' }) },

  // Admin.
  'GET /api/admin/users': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200, request: () => ({ query: { limit: '10' } }) },
  'GET /api/admin/tracks': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200, request: () => ({ query: { q: 'wav' } }) },
  'GET /api/admin/lyrics': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200, request: () => ({ query: { sort: 'position' } }) },
  'GET /api/admin/users/:id': { access: 'admin', uses: 'account', anonymous: 401, user: 403, other: 403, admin: 200 },
  'PATCH /api/admin/users/:id': { access: 'admin', uses: 'account', anonymous: 401, user: 403, other: 403, admin: 200, request: () => json({ isPremium: false }) },
  'GET /api/admin/overview': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  // A's job is done, not failed: nothing to retry.
  'POST /api/admin/jobs/:id/retry': { access: 'admin', uses: 'job', anonymous: 401, user: 403, other: 403, admin: 404 },
  'GET /api/admin/audit': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  'GET /api/admin/export/users': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  'GET /api/admin/export/tracks': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  'GET /api/admin/export/cover-arts': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  'GET /api/admin/export/lyrics': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
  'GET /api/admin/services': { access: 'admin', anonymous: 401, user: 403, other: 403, admin: 200 },
};

/** Callers in this order: A (the owner) last, so B's and the admin's DELETE attempts come first. */
const ACTORS: readonly Actor[] = ['anonymous', 'other', 'admin', 'user'];

/** Tables of the resources a fresh fixture can be, to check a refused DELETE removed nothing. */
const TABLE_OF: Partial<Record<FixtureKind, 'conversations' | 'lyric_snippets' | 'tracks' | 'payment_methods' | 'songs' | 'takes'>> = {
  conversation: 'conversations',
  take: 'takes',
  song: 'songs',
  paymentMethod: 'payment_methods',
  snippet: 'lyric_snippets',
  track: 'tracks',
};

const keyOf = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Which routes need an entry. Rules:
 * - a HEAD route that Fastify added for a GET route is checked with its GET's entry (same
 *   statuses, no body to look at), so it needs no entry of its own;
 * - public routes outside /api are the static files of a web build; the test app has none, and
 *   they are skipped should one ever be present.
 */
function classify(table: readonly RouteEntry[]) {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  const checked: { route: RouteEntry; entryKey: string }[] = [];
  const missing: string[] = [];
  for (const route of table) {
    if (route.access === 'public' && !route.url.startsWith('/api/')) continue;
    const entryKey = route.method === 'HEAD' && gets.has(route.url) ? `GET ${route.url}` : keyOf(route);
    if (MATRIX[entryKey]) checked.push({ route, entryKey });
    else missing.push(keyOf(route));
  }
  const present = new Set(table.map(keyOf));
  const unmatched = Object.keys(MATRIX).filter((k) => !present.has(k));
  return { checked, missing, unmatched };
}

/** The route table as the server builds it (the same for both databases). */
async function discoverRoutes(): Promise<RouteEntry[]> {
  const t = await createTestApp('sqlite');
  try {
    return t.app.routeTable.map((r) => ({ ...r }));
  } finally {
    await t.close();
  }
}
const routeTable = await discoverRoutes();
const { checked, missing, unmatched } = classify(routeTable);

// A short WAV (generated, no download) for every upload.
let wavBytes: Buffer;
function uploadParts(): RequestParts {
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="matrix.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), wavBytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A whole Booth take in one request: 0.1 s of raw 16-bit PCM at 48 kHz. */
function takeParts(): RequestParts {
  const boundary = `----matrixtake${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="take.pcm"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const pcm = Buffer.alloc(9600);
  for (let i = 0; i < 4800; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 330 * i) / 48_000)), i * 2);
  return {
    payload: Buffer.concat([Buffer.from(field('sampleRate', '48000') + field('startMs', '200') + field('final', 'true') + head), pcm, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const matches = (status: number, expected: Status) => (typeof expected === 'number' ? status === expected : expected.includes(status));
const describeStatus = (expected: Status) => (typeof expected === 'number' ? String(expected) : expected.join('|'));

/** Every 4xx is JSON with a string `message` (HEAD answers carry no body). */
function expectErrorBody(method: string, res: LightMyRequestResponse, what: string) {
  if (res.statusCode < 400 || res.statusCode >= 500 || method === 'HEAD') return;
  expect(String(res.headers['content-type']), `${what}: 4xx content type`).toMatch(/^application\/json/);
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(res.body)), `${what}: 4xx body is JSON: ${res.body.slice(0, 200)}`).not.toThrow();
  expect(typeof (parsed as { message?: unknown })?.message, `${what}: 4xx body has a string message: ${res.body.slice(0, 200)}`).toBe('string');
}

describe('the authorization matrix covers the route table', () => {
  it('has routes to check', () => {
    expect(checked.length).toBeGreaterThan(10);
  });

  it('has an entry for every registered route', () => {
    expect(missing, `Routes without an entry in the authorization matrix: ${missing.join(', ')} — add it to the matrix`).toEqual([]);
  });

  it('has no entry that matches no route', () => {
    expect(unmatched, `Matrix entries that match no registered route (renamed or removed?): ${unmatched.join(', ')}`).toEqual([]);
  });

  it('agrees with each route’s declared access', () => {
    const wrong: string[] = [];
    for (const { route, entryKey } of checked) {
      const entry = MATRIX[entryKey]!;
      if (route.access !== entry.access) wrong.push(`${keyOf(route)} declares ${route.access}, the matrix says ${entry.access}`);
      // 'user' and 'admin' routes refuse anonymous callers with 401; admin routes refuse members with 403.
      if ((entry.access === 'user' || entry.access === 'admin') && entry.anonymous !== 401) wrong.push(`${entryKey}: anonymous must be 401`);
      if (entry.access === 'admin' && (entry.user !== 403 || entry.other !== 403)) wrong.push(`${entryKey}: members must get 403`);
      if (entry.access === 'public' || entry.access === 'anonymous') {
        for (const actor of ACTORS) if ([401, 403].includes(entry[actor] as number)) wrong.push(`${entryKey}: ${actor} refused on a ${entry.access} route`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let stripe: RunningFakeStripe;
  let admin: Person;
  let a: Person;
  let b: Person;
  let fixtures: Fixtures;

  const register = async (): Promise<Person> => {
    const r = await registerUser(t.app);
    return { id: r.user.id, username: r.username, password: r.password, cookie: r.cookie };
  };
  const inject = (method: string, url: string, cookie: string | undefined, parts: RequestParts = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      query: parts.query,
      headers: { ...(cookie ? { cookie } : {}), ...parts.headers },
      ...(parts.payload !== undefined ? { payload: parts.payload } : {}),
    });
  const ok = async (res: Promise<LightMyRequestResponse>, status: number) => {
    const r = await res;
    if (r.statusCode !== status) throw new Error(`fixture request failed: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r.json();
  };

  const create = {
    conversation: async (category = 'chat') => (await ok(inject('POST', '/api/conversations', a.cookie, json({ category, title: `A's ${category}` })), 201)).id as number,
    snippet: async (conversationId: number) =>
      (await ok(inject('POST', `/api/conversations/${conversationId}/lyrics`, a.cookie, json({ content: 'first bar', position: 0 })), 201)).id as number,
    track: async () => (await ok(inject('POST', '/api/tracks/upload', a.cookie, uploadParts()), 201)) as { id: number; filename: string },
    paymentMethod: async () => (await ok(inject('POST', '/api/payment-methods', a.cookie, json(validCard())), 201)).id as number,
    song: async () => (await ok(inject('POST', '/api/songs', a.cookie, json({ title: "A's song" })), 201)).id as number,
    take: async (songId: number) => (await ok(inject('POST', `/api/songs/${songId}/takes`, a.cookie, takeParts()), 201)).id as number,
  };

  async function waitForAnalysis(id: number) {
    const start = Date.now();
    for (;;) {
      const track = await ok(inject('GET', `/api/tracks/${id}`, a.cookie), 200);
      if (track.analysis.status === 'done') return track;
      if (track.analysis.status === 'failed') throw new Error(`analysis failed: ${JSON.stringify(track.analysis)}`);
      if (Date.now() - start > 120_000) throw new Error('analysis never finished');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    wavBytes ??= fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: 3, channels: 1 }));
    stripe = await startFakeStripe();
    // Beats and Booth mixes share the beat quota: room for the fixtures' and the routes' own.
    t = await createTestApp(dialect, { WORKERS: 1, ...stripe.settings, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 20 } });
    admin = await register();
    a = await register();
    b = await register();
    const adminUser = await ok(inject('GET', '/api/user', admin.cookie), 200);
    expect(adminUser.isAdmin).toBe(true);

    const conversation = await create.conversation('chat');
    // A message to answer, so regenerate has something to do.
    await ok(inject('POST', `/api/conversations/${conversation}/messages`, a.cookie, json({ content: 'Hello' })), 201);
    const lyricsConversation = await create.conversation('lyrics');
    const snippet = await create.snippet(lyricsConversation);
    const uploaded = await create.track();
    const track = await waitForAnalysis(uploaded.id);
    expect(track.analysis.jobId).toEqual(expect.any(Number));
    const plan = await ok(
      inject('POST', '/api/marketing', a.cookie, json({ title: 'Fixture Single', context: 'Late-night listeners', releaseDate: '2027-01-15', trackId: track.id })),
      201,
    );
    await ok(inject('PUT', `/api/tracks/${track.id}/transcription`, a.cookie, json({ transcription: 'Rain on the window, neon on the chrome' })), 200);
    const cover = await ok(inject('POST', '/api/coverarts', a.cookie, json({ prompt: 'Night city', title: 'Fixture Cover', trackId: track.id })), 201);
    const paymentMethod = await create.paymentMethod();
    await ok(inject('POST', `/api/admin/users/${a.id}/earnings`, admin.cookie, json({ amountMinor: 100_000, currency: 'USD', source: 'Fixture Distro', period: '2026-09' })), 201);
    const payout = await ok(inject('POST', `/api/admin/users/${a.id}/payouts`, admin.cookie, json({ amountMinor: 500, currency: 'USD' })), 201);
    const ledgerEntry = await ok(inject('POST', `/api/admin/users/${a.id}/earnings`, admin.cookie, json({ amountMinor: 1, currency: 'USD', source: 'Fixture Distro', period: '2026-09' })), 201);
    const studioConversation = await create.conversation('studio');
    const beat = await ok(inject('POST', '/api/studio/generate', a.cookie, json({ prompt: 'fixture beat, 10 seconds', model: 'rap', conversationId: studioConversation, seed: 2 })), 201);
    // The beat becomes the song's; a take over it, mixed into a new version (its stems).
    await ok(inject('PATCH', `/api/songs/${track.songId}`, a.cookie, json({ beatId: beat.id })), 200);
    const take = await create.take(track.songId);
    const mix = await ok(inject('POST', `/api/songs/${track.songId}/mixdown`, a.cookie, json({ takes: [{ takeId: take }], vocal: { cleanup: true, presence: 3, evenness: 3, deess: 3, space: 3 } })), 202);
    let mixJob: { status: string; result?: { trackId: number }; error: string | null } = { status: 'queued', error: null };
    for (const start = Date.now(); mixJob.status !== 'done' && Date.now() - start < 120_000; await new Promise((r) => setTimeout(r, 100))) {
      mixJob = await ok(inject('GET', `/api/jobs/${mix.jobId}`, a.cookie), 200);
      if (mixJob.status === 'failed') throw new Error(`mixdown failed: ${mixJob.error}`);
    }
    // Split sheets: A's song with A and two invited people (a link each); A's second song, agreed by A alone, with an earning.
    const splitSong = await create.song();
    const splitSheet = await ok(inject('PUT', `/api/songs/${splitSong}/splits`, a.cookie, json({ contributors: matrixSplitLines(a.id) })), 200);
    const splitContributor = splitSheet.contributors[1].id as number;
    await ok(inject('POST', `/api/songs/${splitSong}/splits/invites/${splitContributor}`, a.cookie), 201);
    const splitInvite = String((await ok(inject('POST', `/api/songs/${splitSong}/splits/invites/${splitSheet.contributors[2].id}`, a.cookie), 201)).url).split('/').pop()!;
    const agreedSplitSong = await create.song();
    await ok(inject('PUT', `/api/songs/${agreedSplitSong}/splits`, a.cookie, json({ contributors: [{ userId: String(a.id), roles: ['writer'], publishingBps: 10000, masterBps: 10000 }] })), 200);
    await ok(inject('POST', `/api/songs/${agreedSplitSong}/splits/sign`, a.cookie, json({ fullName: 'Matrix Artist' })), 200);
    const songEarning = (await ok(inject('POST', `/api/admin/songs/${agreedSplitSong}/earnings`, admin.cookie, json({ amountMinor: 1, currency: 'USD', source: 'Matrix Distro', period: '2026-09' })), 201)).id as number;
    fixtures = {
      splitSong,
      splitContributor,
      splitInvite,
      agreedSplitSong,
      songEarning,
      account: a.id,
      coverArt: cover.id,
      paymentMethod,
      artist: a.id,
      payout: payout.id,
      ledgerEntry: ledgerEntry.id,
      studioConversation,
      beatFile: String(beat.audioUrl).split('/').pop()!,
      beat: beat.id,
      song: track.songId,
      take,
      mixTrack: mixJob.result!.trackId,
      conversation,
      lyricsConversation,
      snippet,
      track: track.id,
      trackFile: track.filename,
      job: track.analysis.jobId,
      marketingConversation: plan.conversationId,
      marketingPlan: plan.id,
    };
    // An analysis, a marketing plan (the light process's start), a cover, a beat and a mixdown: a
    // few seconds on a quiet machine, over a minute in a CI run at load 13 beside the journeys.
  }, 240_000);
  /** Resolves when no job is running or due (analyses, beats, mixdowns the requests above queued). */
  async function jobsSettled(timeoutMs = 30_000): Promise<void> {
    await waitFor(
      () =>
        t.db.kysely
          .selectFrom('jobs')
          .select('id')
          .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', new Date().toISOString())])]))
          .executeTakeFirst(),
      (busy) => !busy,
      timeoutMs,
    ).catch(() => {});
  }
  afterAll(async () => {
    // The uploads above queued analysis jobs: let the worker finish them before the database goes.
    if (t) await jobsSettled();
    await t?.close();
    await stripe?.close();
    removeFixtureDir();
  });

  /** A new session for a signed-in caller (routes that end or replace it); none for anonymous. */
  async function cookieFor(actor: Actor, entry: Entry): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    const person = personOf(actor);
    if (!entry.freshSession) return person.cookie;
    const res = await inject('POST', '/api/login', undefined, json({ username: person.username, password: person.password }));
    return sessionCookie(res);
  }
  const personOf = (actor: Actor) => ({ anonymous: a, user: a, other: b, admin })[actor];

  async function freshFixture(kind: FixtureKind): Promise<Fixtures> {
    if (kind === 'conversation') return { ...fixtures, conversation: await create.conversation() };
    if (kind === 'snippet') return { ...fixtures, snippet: await create.snippet(fixtures.lyricsConversation) };
    if (kind === 'paymentMethod') return { ...fixtures, paymentMethod: await create.paymentMethod() };
    if (kind === 'song') return { ...fixtures, song: await create.song() };
    if (kind === 'take') return { ...fixtures, take: await create.take(fixtures.song) };
    if (kind === 'track') {
      const track = await create.track();
      return { ...fixtures, track: track.id, trackFile: track.filename };
    }
    throw new Error(`no fresh fixture for ${kind}`);
  }
  const rowExists = async (kind: FixtureKind, f: Fixtures) => {
    const table = TABLE_OF[kind];
    if (!table) throw new Error(`no table for ${kind}`);
    const id = f[kind] as number;
    return (await t.db.kysely.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  };

  const fill = (url: string, kind: FixtureKind | undefined, f: Fixtures) =>
    url.replace(/:(\w+)/g, (_m, name: string) => {
      if (!kind) throw new Error(`${url} has the parameter :${name}; give its entry a "uses" fixture`);
      // A song's version: the fixture track is a version of the fixture song.
      if (kind === 'song' && name === 'trackId') return encodeURIComponent(String(f.track));
      // A take: `:id` is its song.
      if (kind === 'take' && name === 'id') return encodeURIComponent(String(f.song));
      // An invited person's line: `:id` is its song.
      if (kind === 'splitContributor' && name === 'id') return encodeURIComponent(String(f.splitSong));
      return encodeURIComponent(String(f[kind]));
    });

  it.each(checked.map(({ route, entryKey }) => ({ name: keyOf(route), route, entryKey })))('$name', async ({ route, entryKey }) => {
    const entry = MATRIX[entryKey]!;
    const f = entry.fresh && entry.uses ? await freshFixture(entry.uses) : fixtures;
    const url = fill(route.url, entry.uses, f);
    const failures: string[] = [];

    for (const actor of ACTORS) {
      // A's DELETE comes last; B's and the admin's must have removed nothing.
      if (actor === 'user' && route.method === 'DELETE' && entry.uses) {
        expect(await rowExists(entry.uses, f), `${entryKey}: A's ${entry.uses} must survive B's and the admin's DELETE`).toBe(true);
      }
      const parts = entry.request?.({ actor, person: personOf(actor), fixtures: f }) ?? {};
      const res = await inject(route.method, url, await cookieFor(actor, entry), parts);
      if (!matches(res.statusCode, entry[actor])) {
        failures.push(`${actor}: expected ${describeStatus(entry[actor])}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expectErrorBody(route.method, res, `${keyOf(route)} as ${actor}`);
      if (res.statusCode === 200 && entryKey.endsWith('/stream') && route.method !== 'HEAD') {
        expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
        expect(res.body).toMatch(/event: done/);
      }
    }
    expect(failures, `${keyOf(route)} (${url})`).toEqual([]);
    if (route.method === 'DELETE' && entry.uses && matches(204, entry.user)) {
      expect(await rowExists(entry.uses, f), `${entryKey}: A's own DELETE removes it`).toBe(false);
    }
  });

  // A song reaches every tool through `songId`: someone else's (admins included) is a 404 in each,
  // and nothing is stored for it.
  it("A's songId in another's upload, cover, plan, review or beat is a 404 that stores nothing", async () => {
    const songUpload = (): RequestParts => {
      const boundary = `----matrixsong${Math.random().toString(16).slice(2)}`;
      const field = `--${boundary}\r\nContent-Disposition: form-data; name="songId"\r\n\r\n${fixtures.song}\r\n`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="matrix.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
      return {
        payload: Buffer.concat([Buffer.from(field + head), wavBytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const requests: [string, string, () => RequestParts][] = [
      ['POST', '/api/tracks/upload', songUpload],
      ['POST', '/api/coverarts', () => json({ prompt: 'Night city', songId: fixtures.song })],
      ['POST', '/api/marketing', () => json({ songId: fixtures.song, context: 'Late-night listeners' })],
      ['POST', '/api/review', () => json({ songId: fixtures.song })],
      ['POST', '/api/studio/generate', () => json({ prompt: 'dark drill, 10 seconds', model: 'drill', songId: fixtures.song, seed: 3 })],
    ];
    const counts = async () =>
      Promise.all((['tracks', 'cover_arts', 'marketing_plans', 'track_reviews', 'beats'] as const).map(async (table) => Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)));
    // A mixdown or beat queued by an earlier test adds its rows when its job ends: not this test's.
    await jobsSettled(15_000);
    const before = await counts();
    const failures: string[] = [];
    for (const person of [b, admin]) {
      for (const [method, url, parts] of requests) {
        const res = await inject(method, url, person.cookie, parts());
        if (res.statusCode !== 404) failures.push(`${method} ${url} as ${person === b ? 'other' : 'admin'}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        expectErrorBody(method, res, `${method} ${url} with A's songId`);
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  // GET /api/splits lists the caller's own sheets only: A's are A's; B (on none) and the admin see none of them.
  it('GET /api/splits: each caller sees only the sheets they own or are on', async () => {
    const songsOf = async (person: Person) => {
      const res = await inject('GET', '/api/splits', person.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().sheets as { songId: number; owner: string; isOwner: boolean }[]).filter((s) => s.songId === fixtures.splitSong || s.songId === fixtures.agreedSplitSong);
    };
    expect((await songsOf(a)).map((s) => [s.songId, s.owner, s.isOwner]).sort()).toEqual(
      [
        [fixtures.splitSong, a.username, true],
        [fixtures.agreedSplitSong, a.username, true],
      ].sort(),
    );
    expect(await songsOf(b)).toEqual([]);
    expect(await songsOf(admin)).toEqual([]);
  });

  // 'user' and 'admin' routes refuse before they look at the request: even a broken one gets 401
  // (anonymous) or 403 (a member on an admin route), never a 400.
  const guarded = checked.filter(({ route }) => route.access === 'user' || route.access === 'admin');
  it.each(guarded.map(({ route }) => ({ name: keyOf(route), route })))('$name refuses before validating', async ({ route }) => {
    const url = route.url.replace(/:(\w+)/g, 'not-an-id%00');
    const broken: RequestParts = {
      query: { limit: '-1', offset: 'x', word: '' },
      ...(route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE'
        ? {}
        : { payload: '{"content": 42, "unexpected": [', headers: { 'content-type': 'application/json' } }),
    };
    const anonymous = await inject(route.method, url, undefined, broken);
    expect(anonymous.statusCode, `${keyOf(route)} anonymous: ${anonymous.body}`).toBe(401);
    expectErrorBody(route.method, anonymous, `${keyOf(route)} anonymous, broken request`);
    if (route.access === 'admin') {
      const member = await inject(route.method, url, b.cookie, broken);
      expect(member.statusCode, `${keyOf(route)} member: ${member.body}`).toBe(403);
      expectErrorBody(route.method, member, `${keyOf(route)} member, broken request`);
    }
  });
});
