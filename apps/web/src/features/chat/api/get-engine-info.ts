import type { AiEngineInfo } from '@members-only/shared/ai';
import { useQuery } from '@tanstack/react-query';

export const ENGINE_INFO_QUERY_KEY = ['/api/ai/engine'] as const;

/** Which engine answers each tool: 'Built-in guide' without a model, else the model's name (amendment C6). */
export function useEngineInfo() {
  return useQuery<AiEngineInfo | null>({ queryKey: ENGINE_INFO_QUERY_KEY });
}
