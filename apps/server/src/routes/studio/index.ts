import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rangeParser from 'range-parser';
import { idParamSchema, line } from '@members-only/shared';
import { beatFileName, beatMidiFileName, beatStemsFileName, generateBeatSchema } from '@members-only/shared/studio';
import type { StudioService } from '../../services/studio.service';
import type { QuotaService } from '../../services/quota.service';
import { presentBeat } from '../../presenters/beat.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { AppError } from '../../errors';

const rfc8187 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const studioRoutes: FastifyPluginAsyncZod<{ studio: StudioService; quotas: QuotaService }> = async (app, { studio, quotas }) => {
  // Spec §7: answers the finished item with its audioUrl; the page reads progress from the library meanwhile.
  app.post('/api/studio/generate', { config: { access: 'user' }, schema: { body: generateBeatSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const beat = await quotas.spend(actor, 'beat', () => studio.generate(actor, request.body, clientAbortSignal(reply)));
    return reply.status(201).send(presentBeat(beat));
  });

  app.get('/api/studio/music', { config: { access: 'user' } }, async (request) => {
    return (await studio.list(requireActor(request))).map(presentBeat);
  });

  // 'Make a variation' and 'Extend': a new beat from one of the artist's own, counted as a beat.
  app.post('/api/studio/music/:id/variation', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const beat = await quotas.spend(actor, 'beat', () => studio.derive(actor, request.params.id, 'variation', clientAbortSignal(reply)));
    return reply.status(201).send(presentBeat(beat));
  });
  app.post('/api/studio/music/:id/extend', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const beat = await quotas.spend(actor, 'beat', () => studio.derive(actor, request.params.id, 'extension', clientAbortSignal(reply)));
    return reply.status(201).send(presentBeat(beat));
  });

  /** The stems (a ZIP of WAVs) and the MIDI file of a built-in beat: the owner or an admin, as the audio. */
  app.get('/api/studio/music/:id/stems', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const file = await studio.stemsFor(requireActor(request), request.params.id);
    reply.header('content-type', 'application/zip');
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename*=UTF-8''${rfc8187(beatStemsFileName(file.beat.title))}`);
    return reply.send(file.read());
  });
  app.get('/api/studio/music/:id/midi', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const file = await studio.midiFor(requireActor(request), request.params.id);
    reply.header('content-type', 'audio/midi');
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename*=UTF-8''${rfc8187(beatMidiFileName(file.beat.title))}`);
    return reply.send(file.read());
  });

  /** Private audio: the owner or an admin, with Range support so players can seek (amendment B3). */
  app.get('/uploads/beats/:filename', { config: { access: 'user' }, schema: { params: z.object({ filename: line('File name').max(300) }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const audio = await studio.audioFor(actor, request.params.filename);
    reply.header('content-type', 'audio/mpeg');
    reply.header('accept-ranges', 'bytes');
    reply.header('cache-control', 'private, no-cache');
    reply.header('content-disposition', `inline; filename*=UTF-8''${rfc8187(beatFileName(audio.beat.title))}`);
    const header = request.headers.range;
    const ranges = header ? rangeParser(audio.size, header, { combine: true }) : -2;
    if (ranges === -1) {
      throw new AppError(416, 'Requested range not satisfiable', 'range_not_satisfiable', undefined, { 'content-range': `bytes */${audio.size}` });
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
