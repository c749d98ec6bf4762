import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, line } from '@members-only/shared';
import { beatFileName, beatMidiFileName, beatStemsFileName, beatUnderstandingSchema, generateBeatSchema, renameBeatSchema, studioMusicItemSchema, studioMusicListSchema, understandBeatSchema } from '@members-only/shared/studio';
import type { StudioService } from '../../services/studio.service';
import { presentBeat } from '../../presenters/beat.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { contentDisposition, sendPrivateAudio } from '../file-response';
import { fileBody, responses } from '../../plugins/responses';


export const studioRoutes: FastifyPluginAsyncZod<{ studio: StudioService }> = async (app, { studio }) => {
  // The unit is taken by the quota plugin; once the job is accepted the job's own failure path gives it back.
  // Spec §7: answers the finished item with its audioUrl; the page reads progress from the library meanwhile.
  app.post('/api/studio/generate', { config: { access: 'user', limit: 'generate', quota: 'beat' }, schema: { body: generateBeatSchema, response: responses({ 201: studioMusicItemSchema }) } }, async (request, reply) => {
    // Once the job is accepted its unit is the job's; a client that leaves or times out leaves the job running.
    const beat = await studio.generateFinished(requireActor(request), request.body, { signal: clientAbortSignal(reply), accepted: request.quotaUnit?.handOver });
    return reply.status(201).send(presentBeat(beat));
  });

  // What the built-in beat maker takes from a description, while the artist types it (nothing is made or stored).
  app.post('/api/studio/understand', { config: { access: 'user' }, schema: { body: understandBeatSchema, response: responses({ 200: beatUnderstandingSchema }) } }, async (request) => {
    requireActor(request);
    return studio.understand(request.body);
  });

  app.get('/api/studio/music', { config: { access: 'user' }, schema: { response: responses({ 200: studioMusicListSchema }) } }, async (request) => {
    return (await studio.list(requireActor(request))).map(presentBeat);
  });

  // Renames the owner's beat; its downloads are saved under the new name.
  app.patch('/api/studio/music/:id', { config: { access: 'user' }, schema: { params: idParamSchema, body: renameBeatSchema, response: responses({ 200: studioMusicItemSchema }) } }, async (request) => {
    return presentBeat(await studio.rename(requireActor(request), request.params.id, request.body.title));
  });

  // 'Make a variation' and 'Extend': a new beat from one of the artist's own, counted as a beat.
  app.post('/api/studio/music/:id/variation', { config: { access: 'user', limit: 'generate', quota: 'beat' }, schema: { params: idParamSchema, response: responses({ 201: studioMusicItemSchema }) } }, async (request, reply) => {
    const beat = await studio.deriveFinished(requireActor(request), request.params.id, 'variation', { signal: clientAbortSignal(reply), accepted: request.quotaUnit?.handOver });
    return reply.status(201).send(presentBeat(beat));
  });
  app.post('/api/studio/music/:id/extend', { config: { access: 'user', limit: 'generate', quota: 'beat' }, schema: { params: idParamSchema, response: responses({ 201: studioMusicItemSchema }) } }, async (request, reply) => {
    const beat = await studio.deriveFinished(requireActor(request), request.params.id, 'extension', { signal: clientAbortSignal(reply), accepted: request.quotaUnit?.handOver });
    return reply.status(201).send(presentBeat(beat));
  });

  /** The stems (a ZIP of WAVs) and the MIDI file of a built-in beat: the owner or an admin, as the audio. */
  app.get('/api/studio/music/:id/stems', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const file = await studio.stemsFor(requireActor(request), request.params.id);
    reply.header('content-type', 'application/zip');
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', contentDisposition('attachment', beatStemsFileName(file.beat.title)));
    return reply.send(file.read());
  });
  app.get('/api/studio/music/:id/midi', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const file = await studio.midiFor(requireActor(request), request.params.id);
    reply.header('content-type', 'audio/midi');
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', contentDisposition('attachment', beatMidiFileName(file.beat.title)));
    return reply.send(file.read());
  });

  /** Private audio: the owner or an admin, with Range support so players can seek (amendment B3). */
  app.get('/uploads/beats/:filename', { config: { access: 'user' }, schema: { params: z.object({ filename: line('File name').max(300) }), response: responses({ 200: fileBody, 206: fileBody }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const audio = await studio.audioFor(actor, request.params.filename);
    return sendPrivateAudio(request, reply, { contentType: 'audio/mpeg', fileName: beatFileName(audio.beat.title), size: audio.size, read: audio.read });
  });
};
