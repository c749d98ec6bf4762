/**
 * A conversation id from the URL: null when absent, 'invalid' unless it is a positive 32-bit
 * integer (the server's idParamSchema). No zod here, so pages that need only this stay small.
 */
export function parseIdParam(raw: string | undefined): number | null | 'invalid' {
  if (raw === undefined) return null;
  if (!/^\d{1,10}$/.test(raw)) return 'invalid';
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : 'invalid';
}
