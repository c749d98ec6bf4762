import net from 'node:net';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, idString, jobSchema, line, pageQuerySchema, setTranscriptionSchema, storageUsageSchema, trackSchema } from '@members-only/shared';
import { uploadSongFieldsSchema } from '@members-only/shared/songs';
import { tooLarge, type TrackService } from '../../services/track.service';
import { presentJob, presentTrack } from '../../presenters/track.presenter';
import { requireActor } from '../../plugins/authorization';
import { actorOf } from '../../policies/index';
import { sendPrivateAudio } from '../file-response';
import { AppError, badRequest } from '../../errors';
import { fileBody, noContent, responses } from '../../plugins/responses';

const trackIdParams = z.object({ id: idString('Invalid track ID') });

export interface UploadLimits {
  maxUploadMb: number;
  /** Seconds the upload may send nothing before it is stopped. */
  idleTimeoutSeconds: number;
  /** The slowest average rate (bytes/s) an upload may keep once `rateGraceSeconds` have passed; 0: no floor. */
  minBytesPerSecond: number;
  rateGraceSeconds: number;
}

/** Room for the multipart framing around the file: boundaries and part headers (a long file name). */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

/**
 * Before the body is read: a declared Content-Length over the limit is a 413 at once, and the
 * connection closes rather than reading the body. Then an idle timer: a body that stops arriving
 * for `idleTimeoutSeconds` fails the multipart stream with a 408, so the upload's own error path
 * discards the partial file, writes no row and answers 408; the connection then closes.
 */
function uploadGuard({ maxUploadMb, idleTimeoutSeconds, minBytesPerSecond, rateGraceSeconds }: UploadLimits, tracks: TrackService): onRequestAsyncHookHandler {
  const maxRequestBytes = maxUploadMb * 1024 * 1024 + MULTIPART_ALLOWANCE_BYTES;
  return async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxRequestBytes) {
      reply.header('connection', 'close');
      throw tooLarge(maxUploadMb);
    }
    // A declared size that cannot fit in the artist's storage: refused before a byte is read.
    if (request.user) {
      try {
        await tracks.checkRoom(actorOf(request.user), declared > 0 ? Math.max(0, declared - MULTIPART_ALLOWANCE_BYTES) : 0);
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
    }
    // Only on a real connection: the socket's timer counts silence in both directions.
    const socket = request.raw.socket;
    if (!(socket instanceof net.Socket)) return;
    /** Ends the upload with `error`: its own error path discards the partial file and writes no row. */
    const cut = (error: AppError) => {
      if (reply.sent) {
        request.raw.destroy();
        return;
      }
      // The multipart parser listens for request errors: it fails the file stream (or the pending
      // request.file()) with this error. With no reader yet, answer directly.
      if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
      else void reply.status(error.statusCode).header('connection', 'close').send({ message: error.message, code: error.code });
    };
    reply.raw.setTimeout(idleTimeoutSeconds * 1000, () => {
      // The whole body is here: the server is working on it, the client is not stalling.
      if (request.raw.complete) return;
      cut(new AppError(408, `The upload stalled: nothing arrived for ${idleTimeoutSeconds} second${idleTimeoutSeconds === 1 ? '' : 's'}. Please try again.`, 'request_timeout', undefined, { connection: 'close' }));
    });
    if (minBytesPerSecond <= 0) return;
    // A slow drip (a few bytes now and then, never silent long enough for the idle timer) holds a
    // connection and a partial file for hours: after the grace period the average rate since the
    // start must stay above the floor, checked once a second.
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    let check: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      check = setInterval(() => {
        if (request.raw.complete || reply.sent) return stop();
        const seconds = (Date.now() - started) / 1000;
        const rate = (socket.bytesRead - bytesAtStart) / seconds;
        if (rate >= minBytesPerSecond) return;
        stop();
        cut(new AppError(408, `The upload was too slow to finish (${formatRate(rate)} on average). Please try again on a faster connection.`, 'request_timeout', undefined, { connection: 'close' }));
      }, 1000);
    }, rateGraceSeconds * 1000);
    const stop = () => {
      clearTimeout(grace);
      clearInterval(check);
    };
    reply.raw.once('close', stop);
  };
}

const formatRate = (bytesPerSecond: number) =>
  bytesPerSecond >= 1024 ? `${(bytesPerSecond / 1024).toFixed(1)} KB/s` : `${Math.round(bytesPerSecond)} bytes/s`;

/**
 * The multipart parser (busboy) reports a broken body (no closing boundary, a garbled part header)
 * as a plain Error with no status or code; storage failures carry a system code and stay 500s.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  if ((error as { code?: unknown }).code !== undefined || (error as { statusCode?: unknown }).statusCode !== undefined) return false;
  return /multipart|unexpected end of|part header|boundary|malformed/i.test(error.message);
}

/** The multipart form's text fields that name the upload's song (`uploadSongFieldsSchema`). */
function songFieldsOf(fields: Record<string, unknown>) {
  const value = (name: string) => {
    const field = fields[name];
    const part = Array.isArray(field) ? field[0] : field;
    return part && typeof part === 'object' && 'value' in part && typeof part.value === 'string' ? part.value : undefined;
  };
  return uploadSongFieldsSchema.safeParse({ songId: value('songId'), versionLabel: value('versionLabel') });
}

export const trackRoutes: FastifyPluginAsyncZod<{ tracks: TrackService; uploads: UploadLimits }> = async (app, { tracks, uploads }) => {
  const guardUpload = uploadGuard(uploads, tracks);
  app.post('/api/tracks/upload', { config: { access: 'user' }, onRequest: guardUpload, schema: { response: responses({ 201: trackSchema }) } }, async (request, reply) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw badRequest('Send the audio as multipart/form-data in the field "audioFile".');
    let file: Awaited<ReturnType<typeof request.file>> = undefined;
    try {
      file = await request.file();
      if (!file) throw badRequest('Choose an audio file to upload.', { audioFile: ['Choose an audio file to upload.'] });
      if (file.fieldname !== 'audioFile') {
        file.file.resume();
        throw badRequest('Send the audio in the form field "audioFile".', { audioFile: ['Missing'] });
      }
      // Optional fields sent before the file (issue 26): the song it is a version of, and the version's name.
      const song = songFieldsOf(file.fields);
      if (!song.success) {
        file.file.resume();
        throw badRequest(song.error.issues[0]?.message ?? 'Invalid song', Object.fromEntries(song.error.issues.map((i) => [String(i.path[0]), [i.message]])));
      }
      const track = await tracks.upload(actor, { filename: file.filename, stream: file.file, ...song.data });
      return reply.status(201).send(presentTrack(track, { withWaveform: true }));
    } catch (error) {
      // Refused before the file was read (someone else's song, a bad song field): the rest of the
      // body is dropped and the connection closes, so a kept-alive connection is not left mid-body.
      if (file && !file.file.readableEnded) {
        file.file.resume();
        reply.header('connection', 'close');
      }
      throw isMalformedMultipart(error) ? badRequest('The upload is not valid multipart form data. Please choose the file again.') : error;
    }
  });

  /** How much of the plan's storage the artist's uploads take (shown on the tracks list). */
  app.get('/api/storage', { config: { access: 'user' }, schema: { response: responses({ 200: storageUsageSchema }) } }, async (request) => {
    return tracks.storageOf(requireActor(request));
  });

  app.get('/api/tracks', { config: { access: 'user' }, schema: { querystring: pageQuerySchema, response: responses({ 200: z.array(trackSchema) }) } }, async (request) => {
    const actor = requireActor(request);
    return (await tracks.list(actor, request.query)).map((t) => presentTrack(t));
  });

  app.get('/api/tracks/:id', { config: { access: 'user' }, schema: { params: trackIdParams, response: responses({ 200: trackSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return presentTrack(await tracks.get(actor, request.params.id), { withWaveform: true });
  });

  app.put('/api/tracks/:id/transcription', { config: { access: 'user' }, schema: { params: trackIdParams, body: setTranscriptionSchema, response: responses({ 200: trackSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return presentTrack(await tracks.setTranscription(actor, request.params.id, request.body.transcription), { withWaveform: true });
  });

  app.delete('/api/tracks/:id', { config: { access: 'user' }, schema: { params: trackIdParams, response: responses({ 204: noContent }) } }, async (request, reply) => {
    const actor = requireActor(request);
    await tracks.remove(actor, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/jobs/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: jobSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return presentJob(await tracks.getJob(actor, request.params.id));
  });

  /** Private audio: only its owner or an admin, with Range support so players can seek (amendment B3). */
  app.get('/uploads/tracks/:filename', { config: { access: 'user' }, schema: { params: z.object({ filename: line('File name').max(300) }), response: responses({ 200: fileBody, 206: fileBody }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const audio = await tracks.audioFor(actor, request.params.filename);
    return sendPrivateAudio(request, reply, { contentType: audio.track.mime_type, fileName: audio.track.original_name, size: audio.size, read: audio.read });
  });
};
