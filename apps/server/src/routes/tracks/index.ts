import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rangeParser from 'range-parser';
import { idParamSchema, pageQuerySchema, setTranscriptionSchema } from '@members-only/shared';
import type { TrackService } from '../../services/track.service';
import { presentJob, presentTrack } from '../../presenters/track.presenter';
import { requireActor } from '../../plugins/authorization';
import { AppError, badRequest } from '../../errors';

const trackIdParams = z.object({
  id: z.coerce.number({ error: 'Invalid track ID' }).int('Invalid track ID').positive('Invalid track ID').max(2_147_483_647, 'Invalid track ID'),
});

/** RFC 8187 ext-value: encodeURIComponent leaves ' ( ) * unescaped, which the header format forbids. */
const rfc8187 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const trackRoutes: FastifyPluginAsyncZod<{ tracks: TrackService }> = async (app, { tracks }) => {
  app.post('/api/tracks/upload', { config: { access: 'user' } }, async (request, reply) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw badRequest('Send the audio as multipart/form-data in the field "audioFile".');
    const file = await request.file();
    if (!file) throw badRequest('Choose an audio file to upload.', { audioFile: ['Choose an audio file to upload.'] });
    if (file.fieldname !== 'audioFile') {
      file.file.resume();
      throw badRequest('Send the audio in the form field "audioFile".', { audioFile: ['Missing'] });
    }
    const track = await tracks.upload(actor.id, { filename: file.filename, stream: file.file });
    return reply.status(201).send(presentTrack(track, { withWaveform: true }));
  });

  app.get('/api/tracks', { config: { access: 'user' }, schema: { querystring: pageQuerySchema } }, async (request) => {
    const actor = requireActor(request);
    return (await tracks.list(actor, request.query)).map((t) => presentTrack(t));
  });

  app.get('/api/tracks/:id', { config: { access: 'user' }, schema: { params: trackIdParams } }, async (request) => {
    const actor = requireActor(request);
    return presentTrack(await tracks.get(actor, request.params.id), { withWaveform: true });
  });

  app.put('/api/tracks/:id/transcription', { config: { access: 'user' }, schema: { params: trackIdParams, body: setTranscriptionSchema } }, async (request) => {
    const actor = requireActor(request);
    return presentTrack(await tracks.setTranscription(actor, request.params.id, request.body.transcription), { withWaveform: true });
  });

  app.delete('/api/tracks/:id', { config: { access: 'user' }, schema: { params: trackIdParams } }, async (request, reply) => {
    const actor = requireActor(request);
    await tracks.remove(actor, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/jobs/:id', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request) => {
    const actor = requireActor(request);
    return presentJob(await tracks.getJob(actor, request.params.id));
  });

  /** Private audio: only its owner or an admin, with Range support so players can seek (amendment B3). */
  app.get('/uploads/tracks/:filename', { config: { access: 'user' }, schema: { params: z.object({ filename: z.string().max(300) }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const audio = await tracks.audioFor(actor, request.params.filename);
    reply.header('content-type', audio.track.mime_type);
    reply.header('accept-ranges', 'bytes');
    reply.header('cache-control', 'private, no-cache');
    reply.header('content-disposition', `inline; filename*=UTF-8''${rfc8187(audio.track.original_name)}`);
    const header = request.headers.range;
    const ranges = header ? rangeParser(audio.size, header, { combine: true }) : -2;
    if (ranges === -1) {
      reply.header('content-range', `bytes */${audio.size}`);
      throw new AppError(416, 'Requested range not satisfiable', 'range_not_satisfiable');
    }
    if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
      reply.header('content-length', String(audio.size));
      return reply.send(audio.read());
    }
    const [{ start, end }] = ranges as unknown as [{ start: number; end: number }];
    reply.status(206);
    reply.header('content-range', `bytes ${start}-${end}/${audio.size}`);
    reply.header('content-length', String(end - start + 1));
    return reply.send(audio.read({ start, end }));
  });
};
