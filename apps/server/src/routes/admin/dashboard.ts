import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCoverArtsPageSchema,
  adminListQuerySchema,
  adminLyricsPageSchema,
  adminOverviewSchema,
  adminTracksPageSchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  auditPageSchema,
  idParamSchema,
  jobRetrySchema,
  pageQuerySchema,
} from '@members-only/shared';
import type { AdminDashboardService, AdminUserDetailRecord, ExportList } from '../../services/admin-dashboard.service';
import {
  csvStream,
  EXPORT_COLUMNS,
  presentAdminCoverArt,
  presentAdminLyric,
  presentAdminTrack,
  presentAdminUser,
  presentAuditEvent,
} from '../../presenters/admin.presenter';
import { requireActor } from '../../plugins/authorization';
import { fileBody, responses } from '../../plugins/responses';

const exportQuerySchema = z.object({ q: adminListQuerySchema('users').shape.q });

const presentDetail = (detail: AdminUserDetailRecord) => ({
  user: presentAdminUser(detail.user),
  counts: detail.counts,
  recentTracks: detail.recentTracks.map(presentAdminTrack),
  balances: detail.balances,
  storage: detail.storage,
});

/**
 * The admin dashboard's API (spec §7 admin rows, amendments B6 and C3). Every route declares
 * `access: 'admin'` (anonymous 401, members 403, checked after routing); lists answer one page
 * `{ items, total, limit, offset }` of a server-side search and sort.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ dashboard: AdminDashboardService }> = async (app, { dashboard }) => {
  const page = <T>(query: { limit: number; offset: number }, { rows, total }: { rows: T[]; total: number }) => ({
    total,
    limit: query.limit,
    offset: query.offset,
    rows,
  });

  app.get('/api/admin/users', { config: { access: 'admin' }, schema: { querystring: adminListQuerySchema('users'), response: responses({ 200: adminUsersPageSchema }) } }, async (request) => {
    const { rows, ...rest } = page(request.query, await dashboard.users(requireActor(request), request.query));
    return { items: rows.map(presentAdminUser), ...rest };
  });

  app.get('/api/admin/tracks', { config: { access: 'admin' }, schema: { querystring: adminListQuerySchema('tracks'), response: responses({ 200: adminTracksPageSchema }) } }, async (request) => {
    const { rows, ...rest } = page(request.query, await dashboard.tracks(requireActor(request), request.query));
    return { items: rows.map(presentAdminTrack), ...rest };
  });

  app.get('/api/admin/cover-arts', { config: { access: 'admin' }, schema: { querystring: adminListQuerySchema('cover-arts'), response: responses({ 200: adminCoverArtsPageSchema }) } }, async (request) => {
    const { rows, ...rest } = page(request.query, await dashboard.coverArts(requireActor(request), request.query));
    return { items: rows.map(presentAdminCoverArt), ...rest };
  });

  app.get('/api/admin/lyrics', { config: { access: 'admin' }, schema: { querystring: adminListQuerySchema('lyrics'), response: responses({ 200: adminLyricsPageSchema }) } }, async (request) => {
    const { rows, ...rest } = page(request.query, await dashboard.lyrics(requireActor(request), request.query));
    return { items: rows.map(presentAdminLyric), ...rest };
  });

  app.get('/api/admin/users/:id', { config: { access: 'admin' }, schema: { params: idParamSchema, response: responses({ 200: adminUserDetailSchema }) } }, async (request) => {
    return presentDetail(await dashboard.userDetail(requireActor(request), request.params.id));
  });

  app.patch(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { params: idParamSchema, body: adminUserChangeSchema, response: responses({ 200: adminUserDetailSchema }) } },
    async (request) => {
      return presentDetail(await dashboard.changeUser(requireActor(request), request.params.id, request.body));
    },
  );

  app.get('/api/admin/overview', { config: { access: 'admin' }, schema: { response: responses({ 200: adminOverviewSchema }) } }, async (request) => dashboard.overview(requireActor(request)));

  app.post('/api/admin/jobs/:id/retry', { config: { access: 'admin' }, schema: { params: idParamSchema, response: responses({ 200: jobRetrySchema }) } }, async (request) => {
    const job = await dashboard.retryJob(requireActor(request), request.params.id);
    return { id: job.id, status: job.status };
  });

  app.get('/api/admin/audit', { config: { access: 'admin' }, schema: { querystring: pageQuerySchema, response: responses({ 200: auditPageSchema }) } }, async (request) => {
    const { rows, ...rest } = page(request.query, await dashboard.auditLog(requireActor(request), request.query));
    return { items: rows.map(presentAuditEvent), ...rest };
  });

  // Spec §7: navigating to /api/admin/export/{list} downloads the list as CSV, streamed.
  const exportRoute = (list: ExportList) =>
    app.get(`/api/admin/export/${list}`, { config: { access: 'admin' }, schema: { querystring: exportQuerySchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
      const { batches, done } = await dashboard.export(requireActor(request), list, request.query.q);
      const day = new Date().toISOString().slice(0, 10);
      const stream =
        list === 'users'
          ? csvStream(batches as never, presentAdminUser, EXPORT_COLUMNS.users, done)
          : list === 'tracks'
            ? csvStream(batches as never, presentAdminTrack, EXPORT_COLUMNS.tracks, done)
            : list === 'cover-arts'
              ? csvStream(batches as never, presentAdminCoverArt, EXPORT_COLUMNS['cover-arts'], done)
              : csvStream(batches as never, presentAdminLyric, EXPORT_COLUMNS.lyrics, done);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
        .send(stream);
    });
  exportRoute('users');
  exportRoute('tracks');
  exportRoute('cover-arts');
  exportRoute('lyrics');
};
