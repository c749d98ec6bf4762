import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, type TestApp } from '../../test/helpers';
import { makeClickTrack } from '../audio/fixtures';
import { csvCell } from '../presenters/payouts.presenter';
import { neutralizeCell } from '../presenters/csv-cell';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/**
 * ADR 032: bidirectional controls and other invisible format characters never reach a stored
 * title or file name, and no CSV cell the app writes starts a formula, leading white space or not.
 */
describe.each(dialects)('invisible characters and formula cells on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: Registered;
  let artist: Registered;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await registerUser(t.app);
    artist = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie = artist.cookie) => t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  const storedTitle = async (id: number) => (await t.app.inject({ url: `/api/conversations/${id}`, headers: { cookie: artist.cookie } })).json().title;

  it('a conversation title loses its bidi controls and zero-width characters; emoji sequences stay whole', async () => {
    // U+202E would show "Hook gnoS" reversed; U+2066..U+2069 isolate; U+200B, U+FEFF are invisible.
    const created = await send('POST', '/api/conversations', { category: 'chat', title: '\u202EHook\u202C \u2066Song\u2069\u200B\uFEFF' });
    expect(created.statusCode).toBe(201);
    expect(created.json().title).toBe('Hook Song');
    expect(await storedTitle(created.json().id)).toBe('Hook Song');

    const renamed = await send('PATCH', `/api/conversations/${created.json().id}`, { title: 'Sess\u00ADion \u200E\u200F\u061C👩🏽‍🎤 ❤️' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Session 👩🏽‍🎤 ❤️');
    // A title that is nothing but invisible characters is empty.
    const empty = await send('PATCH', `/api/conversations/${created.json().id}`, { title: '\u202E\u200B' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Title cannot be empty');
    expect(await storedTitle(created.json().id)).toBe('Session 👩🏽‍🎤 ❤️');
  });

  it('a chat titled from its first message drops them too', async () => {
    const chat = (await send('POST', '/api/conversations', { category: 'chat' })).json();
    const res = await send('POST', `/api/conversations/${chat.id}/messages`, { role: 'user', content: '\u2067How do\u2069 splits\u200B work?' });
    expect(res.statusCode).toBe(201);
    expect(await storedTitle(chat.id)).toBe('How do splits work?');
  });

  it('an uploaded file keeps its name without them, in the list and in Content-Disposition', async () => {
    const wav = await makeClickTrack({ bpm: 120, seconds: 2, channels: 1 });
    const form = new FormData();
    // After U+202E the rest shows right to left: a name can pass for another ('Old\u202Evaw.3pm' shows as 'Oldmp3.wav').
    form.append('audioFile', new Blob([fs.readFileSync(wav)]), 'Take\u202E One\u2066\u200D.wav');
    const res = await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie: artist.cookie }, body: form });
    expect(res.status).toBe(201);
    const track = (await res.json()) as { id: number; audioUrl: string };
    expect(track).toMatchObject({ originalName: 'Take One.wav', title: 'Take One' });
    const row = await t.db.kysely.selectFrom('tracks').select(['original_name', 'title']).where('id', '=', track.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ original_name: 'Take One.wav', title: 'Take One' });
    // A name stored before this rule is cleaned on its way out.
    await t.db.kysely.updateTable('tracks').set({ original_name: 'Old\u202Evaw.3pm' }).where('id', '=', track.id).execute();
    const audio = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: artist.cookie } });
    await audio.arrayBuffer();
    expect(audio.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Oldvaw.3pm");
  });

  it('the admin export neutralises a cell that starts with spaces or tabs before = + - @', async () => {
    const conversation = (await send('POST', '/api/conversations', { category: 'lyrics' })).json();
    const payloads = ['  =HYPERLINK("http://x.test","click")', '\t+1+1', ' \t-2', '   @SUM(A1)', '\u3000=1', '  plain bar'];
    for (const [position, content] of payloads.entries()) {
      const res = await send('POST', `/api/conversations/${conversation.id}/lyrics`, { content, position });
      expect(res.statusCode).toBe(201);
      expect(res.json().content).toBe(content);
    }
    const res = await t.app.inject({ url: '/api/admin/export/lyrics', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const contents = (parse(res.body) as string[][]).slice(1).map((r) => r[4]);
    expect(contents).toEqual([`'  =HYPERLINK("http://x.test","click")`, "'\t+1+1", "' \t-2", "'   @SUM(A1)", "'\u3000=1", '  plain bar']);
  });
});

describe('the one CSV cell rule (admin exports and the payout statement)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['\t=cmd', "'\t=cmd"],
    ['  \t@SUM(A1)', "'  \t@SUM(A1)"],
    [' +1 555', "' +1 555"],
    ['\u00A0-5', "'\u00A0-5"],
    ['＝1+1', "'＝1+1"],
    ['\nlead', "'\nlead"],
    ['  plain', '  plain'],
    ['a = b', 'a = b'],
    ['', ''],
  ])('%j is written as %j', (input, output) => {
    expect(neutralizeCell(input)).toBe(output);
  });

  it('the statement quotes what it must after neutralising', () => {
    expect(csvCell(' =1,2')).toBe(`"' =1,2"`);
    expect(csvCell('\t-3')).toBe("'\t-3");
    expect(csvCell('Royalties, May')).toBe('"Royalties, May"');
  });
});
