import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@members-only/shared';
import {
  adminLedgerSchema,
  createPaymentMethodSchema,
  importEarningsSchema,
  importResultSchema,
  ledgerEntrySchema,
  ledgerSchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  recordEarningSchema,
  recordPayoutSchema,
  reverseEntrySchema,
  statementQuerySchema,
  statementSchema,
} from '@members-only/shared/payouts';
import type { PaymentMethodService } from '../../services/payment-method.service';
import type { LedgerService } from '../../services/ledger.service';
import { presentLedger, presentLedgerEntry, presentPaymentMethod, presentStatement, statementCsv } from '../../presenters/payouts.presenter';
import { requireActor } from '../../plugins/authorization';
import { fileBody, noContent, responses } from '../../plugins/responses';

/** Payouts: the artist's payout methods (spec §7) and ledger, and the admin's ledger routes (amendment C5). */
export const payoutRoutes: FastifyPluginAsyncZod<{ paymentMethods: PaymentMethodService; ledger: LedgerService }> = async (app, { paymentMethods, ledger }) => {
  app.get('/api/payment-methods', { config: { access: 'user' }, schema: { response: responses({ 200: paymentMethodListSchema }) } }, async (request) => {
    return (await paymentMethods.list(requireActor(request))).map(presentPaymentMethod);
  });

  app.post('/api/payment-methods', { config: { access: 'user' }, schema: { body: createPaymentMethodSchema, response: responses({ 201: paymentMethodSchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentPaymentMethod(await paymentMethods.create(requireActor(request), request.body)));
  });

  app.post('/api/payment-methods/:id/default', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: paymentMethodSchema }) } }, async (request) => {
    return presentPaymentMethod(await paymentMethods.setDefault(requireActor(request), request.params.id));
  });

  app.delete('/api/payment-methods/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 204: noContent }) } }, async (request, reply) => {
    await paymentMethods.delete(requireActor(request), request.params.id);
    return reply.status(204).send();
  });

  // The artist's own balance and history: computed from the ledger only (amendment A1).
  app.get('/api/payouts/ledger', { config: { access: 'user' }, schema: { response: responses({ 200: ledgerSchema }) } }, async (request) => {
    return presentLedger(await ledger.mine(requireActor(request)));
  });

  // A month's statement for the artist's accountant: JSON for the printable page, and CSV.
  app.get('/api/payouts/statement', { config: { access: 'user' }, schema: { querystring: statementQuerySchema, response: responses({ 200: statementSchema }) } }, async (request) => {
    return presentStatement(await ledger.statement(requireActor(request), request.query.period));
  });

  app.get('/api/payouts/statement.csv', { config: { access: 'user' }, schema: { querystring: statementQuerySchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const statement = presentStatement(await ledger.statement(requireActor(request), request.query.period));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${statement.period}.csv"`)
      .send(statementCsv(statement));
  });

  app.get('/api/admin/users/:id/ledger', { config: { access: 'admin' }, schema: { params: idParamSchema, response: responses({ 200: adminLedgerSchema }) } }, async (request) => {
    const result = await ledger.forArtist(requireActor(request), request.params.id);
    return { ...presentLedger(result), user: result.user, defaultMethod: result.defaultMethod };
  });

  app.post('/api/admin/users/:id/earnings', { config: { access: 'admin' }, schema: { params: idParamSchema, body: recordEarningSchema, response: responses({ 201: ledgerEntrySchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentLedgerEntry(await ledger.recordEarning(requireActor(request), request.params.id, request.body)));
  });

  app.post(
    '/api/admin/users/:id/earnings/import',
    { config: { access: 'admin' }, schema: { params: idParamSchema, body: importEarningsSchema, response: responses({ 201: importResultSchema }) } },
    async (request, reply) => reply.status(201).send(await ledger.importEarnings(requireActor(request), request.params.id, request.body.csv)),
  );

  app.post('/api/admin/users/:id/payouts', { config: { access: 'admin' }, schema: { params: idParamSchema, body: recordPayoutSchema, response: responses({ 201: ledgerEntrySchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentLedgerEntry(await ledger.recordPayout(requireActor(request), request.params.id, request.body)));
  });

  app.post('/api/admin/payouts/:id/paid', { config: { access: 'admin' }, schema: { params: idParamSchema, response: responses({ 200: ledgerEntrySchema }) } }, async (request) => {
    return presentLedgerEntry(await ledger.markPaid(requireActor(request), request.params.id));
  });

  // Entries are never edited or deleted: a correction is a reversing entry with a reason (ADR 030).
  app.post('/api/admin/ledger/:id/reverse', { config: { access: 'admin' }, schema: { params: idParamSchema, body: reverseEntrySchema, response: responses({ 201: ledgerEntrySchema }) } }, async (request, reply) => {
    return reply.status(201).send(presentLedgerEntry(await ledger.reverse(requireActor(request), request.params.id, request.body.reason)));
  });
};
