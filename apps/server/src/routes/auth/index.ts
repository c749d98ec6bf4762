import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, userSchema } from '@members-only/shared';
import type { AuthService } from '../../services/auth.service';
import type { MembershipService } from '../../services/membership.service';
import { presentUser } from '../../presenters/user.presenter';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import { noContent, responses } from '../../plugins/responses';

const clientInfo = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null,
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; membership?: MembershipService }> = async (app, { auth, membership }) => {
  // A membership paid before the account existed attaches when its e-mail registers or signs in.
  const withMembership = async <U extends Parameters<MembershipService['attach']>[0]>(user: U) => (membership ? membership.attach(user) : user);

  app.get('/api/user', { config: { access: 'user' }, schema: { response: responses({ 200: userSchema }) } }, async (request) => presentUser(requireUser(request)));

  // Who is signed in, asked by the pages once per document (issue 24): 204 when nobody is, so a
  // signed-out visit has no 401 for the browser to log as an error; the user as /api/user otherwise.
  app.get('/api/session', { config: { access: 'anonymous' }, schema: { response: responses({ 200: userSchema, 204: noContent }) } }, async (request, reply) => {
    if (!request.user) return reply.status(204).send();
    return presentUser(request.user);
  });

  app.post('/api/register', { config: { access: 'anonymous', limit: 'auth' }, schema: { body: registerSchema, response: responses({ 201: userSchema }) } }, async (request, reply) => {
    const { user, session } = await auth.register(request.body, clientInfo(request));
    await auth.logout(request.sessionToken ?? undefined);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return reply.status(201).send(presentUser(await withMembership(user)));
  });

  app.post('/api/login', { config: { access: 'anonymous', limit: 'auth' }, schema: { body: loginSchema, response: responses({ 200: userSchema }) } }, async (request, reply) => {
    const { user, session } = await auth.login(request.body, clientInfo(request), request.sessionToken ?? undefined);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return presentUser(await withMembership(user));
  });

  app.post('/api/logout', { config: { access: 'anonymous' }, schema: { response: responses({ 204: noContent }) } }, async (request, reply) => {
    await auth.logout(request.sessionToken ?? undefined);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });
};
