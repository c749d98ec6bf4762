/**
 * A quick reachability check of an OpenAI-compatible endpoint (text models and speech-to-text):
 * `GET {base}/models` with the key, as the OpenAI API describes it ("List models"). Bounded by a
 * timeout, and never passing on the key or the endpoint's own words: the admin page shows ours.
 */
export interface ModelsProbe {
  /** The endpoint answered in a way that means requests can go through. */
  reachable: boolean;
  /** Our sentence about what happened. */
  detail: string;
  /** The model ids it lists, when it answered with a list. */
  models: string[] | null;
  /** Milliseconds until the answer (or the failure). */
  ms: number;
}

export interface ModelsProbeOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function modelIds(body: unknown): string[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data.map((m) => (m as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
}

export async function probeModels({ baseUrl, apiKey, timeoutMs, fetch: doFetch = fetch }: ModelsProbeOptions): Promise<ModelsProbe> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: timeout,
      redirect: 'error',
    });
  } catch {
    const ms = elapsed();
    return timeout.aborted
      ? { reachable: false, detail: `No answer within ${seconds(timeoutMs)}.`, models: null, ms }
      : { reachable: false, detail: 'Could not connect (the address is wrong, or the service is down).', models: null, ms };
  }
  const ms = elapsed();
  const status = response.status;
  // Read (and so release) the body within the same time limit; an unreadable one lists nothing.
  const body: unknown = await (response.ok ? response.json() : response.arrayBuffer().then(() => null)).catch(() => null);
  if (status === 401 || status === 403) return { reachable: false, detail: `Answered ${status}: the key was turned down.`, models: null, ms };
  if (status === 404) return { reachable: true, detail: `Answered in ${ms} ms (it has no model list to show).`, models: null, ms };
  if (status === 429) return { reachable: true, detail: `Answered in ${ms} ms, but is limiting requests (429).`, models: null, ms };
  if (status >= 500) return { reachable: false, detail: `Answered ${status}: the service has a problem.`, models: null, ms };
  if (!response.ok) return { reachable: false, detail: `Answered ${status}.`, models: null, ms };
  const models = modelIds(body);
  return { reachable: true, detail: `Answered in ${ms} ms.`, models, ms };
}
