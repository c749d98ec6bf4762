import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ToolType } from '@members-only/shared';
import { AppError } from '../../errors';
import { SYSTEM_PROMPTS } from './prompts';
import type { ChatTurn, TextProvider, TextRequest, TextResult } from './types';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per-task model overrides, e.g. a larger model for reviews. */
  taskModels?: Partial<Record<ToolType, string>>;
  /** Total time for a non-streamed reply, and the longest silence allowed inside a stream. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export const upstreamErrors = {
  auth: () => new AppError(502, 'The AI service rejected our API key. Check AI_API_KEY.', 'upstream_auth'),
  rateLimited: () => new AppError(429, 'The AI service is rate limiting requests. Please try again in a moment.', 'upstream_rate_limited'),
  unavailable: (status: number) =>
    new AppError(503, `The AI service is unavailable (it answered ${status}). Please try again later.`, 'upstream_unavailable'),
  timeout: () => new AppError(504, 'The AI service took too long to answer. Please try again.', 'upstream_timeout'),
  malformed: (detail: string) => new AppError(502, `The AI service sent a reply we could not read (${detail}).`, 'upstream_malformed'),
  cut: () => new AppError(502, 'The AI service stopped in the middle of its reply. Please try again.', 'upstream_cut'),
  unreachable: () => new AppError(503, 'The AI service could not be reached. Please try again later.', 'upstream_unreachable'),
  rejected: (status: number, detail: string) =>
    new AppError(502, `The AI service refused the request (${status}${detail ? `: ${detail}` : ''}).`, 'upstream_rejected'),
};

function statusError(status: number, detail: string): AppError {
  if (status === 401 || status === 403) return upstreamErrors.auth();
  if (status === 429) return upstreamErrors.rateLimited();
  if (status >= 500) return upstreamErrors.unavailable(status);
  return upstreamErrors.rejected(status, detail);
}

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = JSON.parse(text)?.error?.message;
    if (typeof message === 'string') return message.slice(0, 200);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 200);
}

/** An abort signal that fires on the caller's cancel or on our own timer, and tells them apart. */
function timedSignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  if (outer?.aborted) controller.abort();
  arm();
  return {
    signal: controller.signal,
    /** Restarts the timer: used between stream chunks, so only silence counts. */
    rearm: arm,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * The OpenAI Chat Completions protocol, which OpenAI, Ollama, vLLM, LM Studio, llama.cpp server,
 * OpenRouter, Groq and others speak. Streaming uses server-sent events ending in `data: [DONE]`.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): TextProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const modelFor = (task: ToolType) => options.taskModels?.[task] ?? options.model;

  const body = (request: TextRequest, stream: boolean) => {
    const messages: ChatTurn[] = [{ role: 'system', content: SYSTEM_PROMPTS[request.task] }, ...request.turns];
    return JSON.stringify({
      model: modelFor(request.task),
      messages,
      stream,
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    });
  };

  async function post(request: TextRequest, stream: boolean, timer: ReturnType<typeof timedSignal>) {
    try {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: stream ? 'text/event-stream' : 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: body(request, stream),
        signal: timer.signal,
      });
      if (!response.ok) throw statusError(response.status, await errorDetail(response));
      return response;
    } catch (error) {
      throw translate(error, timer);
    }
  }

  function translate(error: unknown, timer: ReturnType<typeof timedSignal>): unknown {
    if (error instanceof AppError) return error;
    if (timer.timedOut) return upstreamErrors.timeout();
    if ((error as Error)?.name === 'AbortError') return error; // the caller cancelled
    return upstreamErrors.unreachable();
  }

  return {
    isModel: true,
    engineFor: modelFor,

    async generate(request): Promise<TextResult> {
      const timer = timedSignal(options.timeoutMs, request.signal);
      try {
        const response = await post(request, false, timer);
        let json: any;
        try {
          json = await response.json();
        } catch (error) {
          if (timer.timedOut || (error as Error)?.name === 'AbortError') throw translate(error, timer);
          throw upstreamErrors.malformed('invalid JSON');
        }
        const text = json?.choices?.[0]?.message?.content;
        if (typeof text !== 'string') throw upstreamErrors.malformed('no message content');
        // The configured name, as streamed replies and the UI's engine label use it.
        return { text, engine: modelFor(request.task) };
      } finally {
        timer.dispose();
      }
    },

    async *stream(request) {
      const timer = timedSignal(options.timeoutMs, request.signal);
      try {
        const response = await post(request, true, timer);
        if (!response.body) throw upstreamErrors.malformed('empty body');
        const pending: string[] = [];
        let done = false;
        let failure: AppError | undefined;
        const parser = createParser({
          onEvent(event: EventSourceMessage) {
            if (event.data === '[DONE]') {
              done = true;
              return;
            }
            let json: any;
            try {
              json = JSON.parse(event.data);
            } catch {
              failure ??= upstreamErrors.malformed('invalid JSON in stream');
              return;
            }
            if (json?.error) {
              failure ??= upstreamErrors.rejected(200, String(json.error.message ?? '').slice(0, 200));
              return;
            }
            const choice = json?.choices?.[0];
            const delta = choice?.delta?.content;
            if (typeof delta === 'string' && delta) pending.push(delta);
            if (choice?.finish_reason) done = true;
          },
        });
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
            timer.rearm();
            parser.feed(decoder.decode(chunk, { stream: true }));
            if (failure) throw failure;
            while (pending.length) yield pending.shift()!;
          }
        } catch (error) {
          const translated = translate(error, timer);
          // Once the reply has started, a dropped connection means the reply was cut off.
          throw translated instanceof AppError && translated.code === 'upstream_unreachable' ? upstreamErrors.cut() : translated;
        }
        if (failure) throw failure;
        while (pending.length) yield pending.shift()!;
        // A stream that ends without [DONE] or a finish_reason was cut off.
        if (!done) throw upstreamErrors.cut();
      } finally {
        timer.dispose();
      }
    },
  };
}
