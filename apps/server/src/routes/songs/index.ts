import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSongSchema,
  songDetailSchema,
  songIdParamsSchema,
  songListQuerySchema,
  songListSchema,
  songSchema,
  songVersionParamsSchema,
  updateSongSchema,
  updateSongVersionSchema,
} from '@members-only/shared/songs';
import type { SongService } from '../../services/song.service';
import { presentSong, presentSongDetail, presentSongListItem } from '../../presenters/song.presenter';
import { requireActor } from '../../plugins/authorization';
import { noContent, responses } from '../../plugins/responses';

/** Songs (issue 26, ADR 040): one place per song; every tool can start from one. */
export const songRoutes: FastifyPluginAsyncZod<{ songs: SongService }> = async (app, { songs }) => {
  app.get('/api/songs', { config: { access: 'user' }, schema: { querystring: songListQuerySchema, response: responses({ 200: songListSchema }) } }, async (request) => {
    return (await songs.list(requireActor(request), request.query)).map(presentSongListItem);
  });

  app.post('/api/songs', { config: { access: 'user' }, schema: { body: createSongSchema, response: responses({ 201: songSchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentSong(await songs.create(requireActor(request), request.body)));
  });

  app.get('/api/songs/:id', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: songDetailSchema }) } }, async (request) => {
    return presentSongDetail(await songs.get(requireActor(request), request.params.id));
  });

  app.patch('/api/songs/:id', { config: { access: 'user' }, schema: { params: songIdParamsSchema, body: updateSongSchema, response: responses({ 200: songSchema }) } }, async (request) => {
    return presentSong(await songs.update(requireActor(request), request.params.id, request.body));
  });

  app.patch(
    '/api/songs/:id/versions/:trackId',
    { config: { access: 'user' }, schema: { params: songVersionParamsSchema, body: updateSongVersionSchema, response: responses({ 200: songDetailSchema }) } },
    async (request) => presentSongDetail(await songs.renameVersion(requireActor(request), request.params.id, request.params.trackId, request.body.label)),
  );

  app.delete('/api/songs/:id', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 204: noContent }) } }, async (request, reply) => {
    await songs.remove(requireActor(request), request.params.id);
    return reply.status(204).send();
  });
};
