import type { PageQuery } from '@members-only/shared';
import type { UserRepository } from '../repositories/user.repository';
import { authorize, type Actor } from '../policies/index';

/** The operator's view of the installation. The route is admin-only; the policy is asked again here. */
export function createAdminService(deps: { users: UserRepository }) {
  const { users } = deps;
  return {
    async listUsers(actor: Actor, page: PageQuery) {
      authorize(actor, 'list', 'users');
      return users.list(page);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
