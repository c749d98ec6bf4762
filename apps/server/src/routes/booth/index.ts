import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idString } from '@members-only/shared';
import { songIdParamsSchema } from '@members-only/shared/songs';
import {
  boothSchema,
  mixdownAcceptedSchema,
  mixdownSchema,
  mixListSchema,
  takeListSchema,
  takeParamsSchema,
  takeSchema,
  takeUploadFieldsSchema,
  updateTakeSchema,
} from '@members-only/shared/booth';
import type { BoothService } from '../../services/booth.service';
import { presentMix, presentTake } from '../../presenters/booth.presenter';
import { requireActor } from '../../plugins/authorization';
import { badRequest } from '../../errors';
import { fileBody, noContent, responses } from '../../plugins/responses';
import { contentDisposition, sendPrivateAudio } from '../file-response';
import { tooLarge } from '../../services/track.service';
import { isMalformedMultipart } from '../tracks/index';

const FIELDS = ['takeId', 'offset', 'final', 'name', 'sampleRate', 'startMs', 'fromBar', 'toBar', 'latencyMs'] as const;

/** The multipart form's text fields, each as its first value. */
function fieldsOf(fields: Record<string, unknown>) {
  const value = (name: string) => {
    const field = fields[name];
    const part = Array.isArray(field) ? field[0] : field;
    return part && typeof part === 'object' && 'value' in part && typeof part.value === 'string' ? part.value : undefined;
  };
  return takeUploadFieldsSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, value(f)]).filter(([, v]) => v !== undefined)));
}

/** The Booth (issue 29, ADR 047): takes, what the page plays, mixdowns and their stems. */
export const boothRoutes: FastifyPluginAsyncZod<{ booth: BoothService; uploads: { maxUploadMb: number } }> = async (app, { booth, uploads }) => {
  app.post(
    '/api/songs/:id/takes',
    { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: takeSchema, 201: takeSchema }) } },
    async (request, reply) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) throw badRequest('Send the take as multipart/form-data in the field "audioFile".');
      let file: Awaited<ReturnType<typeof request.file>> = undefined;
      try {
        file = await request.file();
        if (!file) throw badRequest('Send the take’s audio in the field "audioFile".', { audioFile: ['Missing'] });
        if (file.fieldname !== 'audioFile') throw badRequest('Send the take’s audio in the field "audioFile".', { audioFile: ['Missing'] });
        const fields = fieldsOf(file.fields);
        if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? 'Invalid take', Object.fromEntries(fields.error.issues.map((i) => [String(i.path[0] ?? '_'), [i.message]])));
        const { take, created } = await booth.receive(actor, request.params.id, fields.data, file.file);
        return reply.status(created ? 201 : 200).send(presentTake(take));
      } catch (error) {
        // Refused before the audio was read: the rest is dropped and the connection closes.
        if (file && !file.file.readableEnded) {
          file.file.resume();
          reply.header('connection', 'close');
        }
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(uploads.maxUploadMb);
        throw isMalformedMultipart(error) ? badRequest('The take is not valid multipart form data. Please send it again.') : error;
      }
    },
  );

  app.get('/api/songs/:id/takes', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: takeListSchema }) } }, async (request) => {
    return { takes: (await booth.list(requireActor(request), request.params.id)).map(presentTake) };
  });

  app.get('/api/songs/:id/takes/:takeId', { config: { access: 'user' }, schema: { params: takeParamsSchema, response: responses({ 200: takeSchema }) } }, async (request) => {
    return presentTake(await booth.get(requireActor(request), request.params.id, request.params.takeId));
  });

  app.get('/api/songs/:id/takes/:takeId/audio', { config: { access: 'user' }, schema: { params: takeParamsSchema, response: responses({ 200: fileBody, 206: fileBody }) } }, async (request, reply) => {
    const audio = await booth.audio(requireActor(request), request.params.id, request.params.takeId);
    return sendPrivateAudio(request, reply, { contentType: 'audio/wav', fileName: `${audio.take.name}.wav`, size: audio.size, read: audio.read });
  });

  app.patch('/api/songs/:id/takes/:takeId', { config: { access: 'user' }, schema: { params: takeParamsSchema, body: updateTakeSchema, response: responses({ 200: takeSchema }) } }, async (request) => {
    return presentTake(await booth.update(requireActor(request), request.params.id, request.params.takeId, request.body));
  });

  app.delete('/api/songs/:id/takes/:takeId', { config: { access: 'user' }, schema: { params: takeParamsSchema, response: responses({ 204: noContent }) } }, async (request, reply) => {
    await booth.remove(requireActor(request), request.params.id, request.params.takeId);
    return reply.status(204).send();
  });

  app.get('/api/songs/:id/booth', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: boothSchema }) } }, async (request) => {
    return booth.booth(requireActor(request), request.params.id);
  });

  app.post(
    '/api/songs/:id/mixdown',
    { config: { access: 'user', limit: 'generate', quota: 'beat' }, schema: { params: songIdParamsSchema, body: mixdownSchema, response: responses({ 202: mixdownAcceptedSchema }) } },
    async (request, reply) => reply.status(202).send(await booth.mixdown(requireActor(request), request.params.id, request.body)),
  );

  app.get('/api/songs/:id/mixes', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: mixListSchema }) } }, async (request) => {
    return { mixes: (await booth.mixes(requireActor(request), request.params.id)).map(presentMix) };
  });

  app.get('/api/tracks/:trackId/mix-stems', { config: { access: 'user' }, schema: { params: z.object({ trackId: idString('Invalid track ID') }), response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const stems = await booth.stemsFor(requireActor(request), request.params.trackId);
    reply.header('content-type', 'application/zip');
    reply.header('content-length', String(stems.size));
    reply.header('content-disposition', contentDisposition('attachment', `${stems.track.title} stems.zip`));
    return reply.send(stems.read());
  });
};
