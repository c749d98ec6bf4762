import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers';
import { createRepositories, createUnitOfWork } from '../repositories/index';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { createLocalDiskStorage } from '../providers/storage/local-disk';
import { encodeWav16 } from '../audio/fixtures';
import { createTrackService } from './track.service';

const tone = () => {
  const samples = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 44100));
  return encodeWav16([samples], 44100);
};

describe.each(dialects)('track uploads are one unit of work on %s', (dialect) => {
  let database: TestDatabase;
  let uploads: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-uow-'));
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  async function setUp(failOn?: string) {
    const repos = createRepositories(database.db.kysely);
    const user = await repos.users.insert({
      username: `u${Math.random().toString(36).slice(2, 10)}`,
      email: `${Math.random().toString(36).slice(2, 10)}@example.com`,
      phone_number: null,
      password_hash: 'x',
      is_admin: 0,
      is_premium: 0,
    });
    const real = createJobQueue(repos.jobs);
    // A queue that breaks on one job type, as a full disk or a lost connection would mid-upload.
    const queue: JobQueue = {
      ...real,
      enqueue: (name, payload, options) => {
        if (name === failOn) return Promise.reject(new Error('connection lost'));
        return real.enqueue(name, payload, options);
      },
    };
    const tracks = createTrackService({
      tracks: repos.tracks,
      uow: createUnitOfWork(database.db.kysely),
      storage: createLocalDiskStorage(uploads),
      queue,
      transcriptionAvailable: true,
      maxUploadMb: 5,
      storageMb: { free: 500, premium: 10_000 },
    });
    const counts = async () => ({
      tracks: (await database.db.kysely.selectFrom('tracks').select('id').where('user_id', '=', user.id).execute()).length,
      jobs: (await database.db.kysely.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute()).length,
      files: fs.existsSync(path.join(uploads, 'tracks')) ? fs.readdirSync(path.join(uploads, 'tracks')).length : 0,
    });
    return { tracks, user, counts };
  }

  const fileFrom = (buffer: Buffer) => ({ filename: 'verse.wav', stream: fs.createReadStream(writeTemp(buffer)) });
  const writeTemp = (buffer: Buffer) => {
    const file = path.join(os.tmpdir(), `mo-uow-${Math.random().toString(36).slice(2)}.wav`);
    fs.writeFileSync(file, buffer);
    return file;
  };

  it('writes the track, both jobs and their links together', async () => {
    const { tracks, user, counts } = await setUp();
    const before = await counts();
    const track = await tracks.upload({ id: user.id, plan: 'free' }, fileFrom(tone()));
    expect(track.analysis_job_id).not.toBeNull();
    expect(track.transcription_job_id).not.toBeNull();
    expect(await counts()).toEqual({ tracks: before.tracks + 1, jobs: before.jobs + 2, files: before.files + 1 });
  });

  it('leaves no row, no job and no file when a step after the first insert fails', async () => {
    const { tracks, user, counts } = await setUp('track.transcribe');
    const before = await counts();
    await expect(tracks.upload({ id: user.id, plan: 'free' }, fileFrom(tone()))).rejects.toThrow('connection lost');
    // Without the transaction the track row and its analysis job would remain here.
    expect(await counts()).toEqual(before);
  });
});
