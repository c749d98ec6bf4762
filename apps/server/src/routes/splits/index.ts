import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { songIdParamsSchema } from '@members-only/shared/songs';
import { recordEarningSchema, reverseEntrySchema } from '@members-only/shared/payouts';
import {
  mySplitSheetListSchema,
  songEarningListSchema,
  songEarningParamsSchema,
  songEarningSchema,
  splitDeclineSchema,
  splitInviteLinkSchema,
  splitInvitePageSchema,
  splitInviteParamsSchema,
  splitSaveResultSchema,
  splitSheetInputSchema,
  splitSheetSchema,
  splitSignSchema,
  splitTokenParamsSchema,
} from '@members-only/shared/splits';
import type { SplitService } from '../../services/split.service';
import { requireActor } from '../../plugins/authorization';
import { fileBody, responses } from '../../plugins/responses';
import { presentSongEarning, presentSplitInvite, presentSplitSheet } from '../../presenters/split.presenter';

/**
 * Split sheets (issue 30, ADR 049): the sheet of a song under /api/songs/:id/splits (its owner
 * edits; members on it and admins read; members sign their line), invitation links for people who
 * are not members under /api/split-invites/:token (public, rate-limited like release pages), and
 * the admin's song earnings, split by the agreed sheet into each member's ledger.
 */
export const splitRoutes: FastifyPluginAsyncZod<{ splits: SplitService; publicOrigin?: string }> = async (app, { splits, publicOrigin }) => {
  const originOf = (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`;
  const user = { access: 'user' as const };
  const pub = { access: 'public' as const, limit: 'page' as const };

  // The sheets the caller owns or is on as a member: where a member finds a sheet to sign.
  app.get('/api/splits', { config: user, schema: { response: responses({ 200: mySplitSheetListSchema }) } }, async (request) => {
    return { sheets: await splits.listMine(requireActor(request)) };
  });

  app.get('/api/songs/:id/splits', { config: user, schema: { params: songIdParamsSchema, response: responses({ 200: splitSheetSchema }) } }, async (request) => {
    return presentSplitSheet(await splits.get(requireActor(request), request.params.id));
  });

  app.put('/api/songs/:id/splits', { config: user, schema: { params: songIdParamsSchema, body: splitSheetInputSchema, response: responses({ 200: splitSaveResultSchema }) } }, async (request) => {
    const saved = await splits.save(requireActor(request), request.params.id, request.body);
    return { ...presentSplitSheet(saved), changed: saved.changed, signaturesVoided: saved.signaturesVoided };
  });

  app.post('/api/songs/:id/splits/sign', { config: user, schema: { params: songIdParamsSchema, body: splitSignSchema, response: responses({ 200: splitSheetSchema }) } }, async (request) => {
    return presentSplitSheet(await splits.sign(requireActor(request), request.params.id, request.body, request.ip ?? null));
  });

  app.post('/api/songs/:id/splits/decline', { config: user, schema: { params: songIdParamsSchema, body: splitDeclineSchema, response: responses({ 200: splitSheetSchema }) } }, async (request) => {
    return presentSplitSheet(await splits.decline(requireActor(request), request.params.id, request.body));
  });

  app.get('/api/songs/:id/splits.pdf', { config: user, schema: { params: songIdParamsSchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const record = await splits.get(requireActor(request), request.params.id);
    // The artist as the song credits them (its artist name), else the owner's username.
    // pdf-lib is read on the first split sheet, not at start-up (ADR 059).
    const { splitSheetPdf } = await import('../../services/split-sheet-pdf');
    const body = await splitSheetPdf(presentSplitSheet(record), { owner: record.song.artist_name?.trim() || record.owner });
    return reply.type('application/pdf').header('cache-control', 'no-store').header('content-disposition', `inline; filename="split-sheet-${request.params.id}.pdf"`).send(body);
  });

  // A private link per invited person: only its hash is stored, so it is shown once; a new one replaces it.
  app.post('/api/songs/:id/splits/invites/:contributorId', { config: user, schema: { params: splitInviteParamsSchema, response: responses({ 201: splitInviteLinkSchema }) } }, async (request, reply) => {
    const invite = await splits.createInvite(requireActor(request), request.params.id, request.params.contributorId);
    return reply.status(201).send({ contributorId: invite.contributorId, url: `${originOf(request)}/split-invite/${invite.token}`, expiresAt: invite.expiresAt });
  });

  app.post('/api/songs/:id/splits/invites/:contributorId/revoke', { config: user, schema: { params: splitInviteParamsSchema, response: responses({ 200: splitSheetSchema }) } }, async (request) => {
    return presentSplitSheet(await splits.revokeInvite(requireActor(request), request.params.id, request.params.contributorId));
  });

  app.get('/api/split-invites/:token', { config: pub, schema: { params: splitTokenParamsSchema, response: responses({ 200: splitInvitePageSchema }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return presentSplitInvite(await splits.invitePage(request.params.token));
  });

  app.post('/api/split-invites/:token/sign', { config: pub, schema: { params: splitTokenParamsSchema, body: splitSignSchema, response: responses({ 200: splitInvitePageSchema }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return presentSplitInvite(await splits.inviteSign(request.params.token, request.body, request.ip ?? null));
  });

  app.post('/api/split-invites/:token/decline', { config: pub, schema: { params: splitTokenParamsSchema, body: splitDeclineSchema, response: responses({ 200: splitInvitePageSchema }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return presentSplitInvite(await splits.inviteDecline(request.params.token, request.body));
  });

  // Admins: an earning for a song, split by its agreed sheet (409 until agreed); its reversal; the list with what is owed.
  app.post('/api/admin/songs/:id/earnings', { config: { access: 'admin' }, schema: { params: songIdParamsSchema, body: recordEarningSchema, response: responses({ 201: songEarningSchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentSongEarning(await splits.recordEarning(requireActor(request), request.params.id, request.body)));
  });

  app.get('/api/admin/songs/:id/earnings', { config: { access: 'admin' }, schema: { params: songIdParamsSchema, response: responses({ 200: songEarningListSchema }) } }, async (request) => {
    const { earnings, owed } = await splits.listEarnings(requireActor(request), request.params.id);
    return { earnings: earnings.map(presentSongEarning), owed: owed.map((o) => ({ name: o.name, email: o.email, currency: o.currency, amountMinor: o.amount_minor })) };
  });

  app.post('/api/admin/song-earnings/:id/reverse', { config: { access: 'admin' }, schema: { params: songEarningParamsSchema, body: reverseEntrySchema, response: responses({ 201: songEarningSchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentSongEarning(await splits.reverseEarning(requireActor(request), request.params.id, request.body.reason)));
  });
};
