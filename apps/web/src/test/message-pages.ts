import { HAS_EARLIER_HEADER, type ChatMessage } from '@members-only/shared/conversations';

/**
 * What GET /api/conversations/:id/messages answers with `url`'s query (the server's paging):
 * without parameters every message; with `limit` the latest `limit` below `before` (when given),
 * oldest first, and X-Has-Earlier. `all` is the conversation's messages, oldest first.
 */
export function messagesPageResponse(all: readonly ChatMessage[], url: string): Response {
  const query = new URL(url, 'http://localhost').searchParams;
  const limit = query.get('limit');
  const before = query.get('before');
  if (limit === null && before === null) return Response.json(all);
  const below = before === null ? all : all.filter((m) => m.id < Number(before));
  if (limit === null) return Response.json(below, { headers: { [HAS_EARLIER_HEADER]: 'false' } });
  const page = below.slice(-Number(limit));
  return Response.json(page, { headers: { [HAS_EARLIER_HEADER]: String(below.length > page.length) } });
}
