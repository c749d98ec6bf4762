import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser, USER_URL } from './fetch-user';

export { getUser, loadUserSchema } from './fetch-user';

export const USER_QUERY_KEY = [USER_URL] as const;

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => getUser(signal),
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}
