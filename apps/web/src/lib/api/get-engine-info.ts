import { aiEngineSchema } from '@members-only/shared/ai';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const ENGINE_INFO_QUERY_KEY = ['/api/ai/engine'] as const;

/** GET /api/ai/engine: who answers each tool, 'Built-in guide' without a model, else the model's name (amendment C6). */
export function getEngineInfo(signal?: AbortSignal) {
  return getJson(ENGINE_INFO_QUERY_KEY[0], aiEngineSchema, { signal });
}

export function useEngineInfo() {
  return useQuery({ queryKey: ENGINE_INFO_QUERY_KEY, queryFn: ({ signal }) => getEngineInfo(signal) });
}
