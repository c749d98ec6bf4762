import type { User } from '@members-only/shared/auth';
import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from './get-user';

/**
 * Sets who is signed in and drops every other cached response, so nothing from a previous
 * session (another user's conversations, admin lists) can show. The user is set first so that
 * guards react before any query that depends on the session could refetch.
 */
export function replaceSession(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(USER_QUERY_KEY, user);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
}
