import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ToolType } from '@members-only/shared';
import { AppError } from '../../errors';
import { SYSTEM_PROMPTS } from './prompts';
import type { ChatTurn, FinishReason, TextFinish, TextProvider, TextRequest, TextResult } from './types';
import type { UpstreamLog } from './upstream-log';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per-task model overrides, e.g. a larger model for reviews. */
  taskModels?: Partial<Record<ToolType, string>>;
  /** Total time for a non-streamed reply, and the longest silence allowed inside a stream. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Gets the upstream's own error text, which never reaches a response. */
  log?: UpstreamLog;
}

/** Our own words for every upstream failure; the upstream's text is logged, never passed on. */
export const upstreamErrors = {
  // Artists read these: plain words, never a setting name (admins see the connection on the Admin page).
  auth: () => new AppError(502, "The AI service turned down this site's access. Please try again later, and tell the site's team if it keeps happening.", 'upstream_auth'),
  rateLimited: (retryAfterSeconds?: string) =>
    new AppError(
      429,
      'The AI service is rate limiting requests. Please try again in a moment.',
      'upstream_rate_limited',
      undefined,
      retryAfterSeconds ? { 'retry-after': retryAfterSeconds } : undefined,
    ),
  unavailable: (status: number) =>
    new AppError(503, `The AI service is unavailable (it answered ${status}). Please try again later.`, 'upstream_unavailable'),
  timeout: () => new AppError(504, 'The AI service took too long to answer. Please try again.', 'upstream_timeout'),
  malformed: (detail: string) => new AppError(502, `The AI service sent a reply we could not read (${detail}).`, 'upstream_malformed'),
  cut: () => new AppError(502, 'The AI service stopped in the middle of its reply. Please try again.', 'upstream_cut'),
  unreachable: () => new AppError(503, 'The AI service could not be reached. Please try again later.', 'upstream_unreachable'),
  rejected: (status: number) => new AppError(502, `The AI service refused the request (${status}).`, 'upstream_rejected'),
  failed: () => new AppError(502, 'The AI service reported an error during its reply. Please try again.', 'upstream_failed'),
  empty: () => new AppError(502, 'The AI service sent an empty reply. Please try again.', 'upstream_empty'),
  filtered: () =>
    new AppError(502, "The AI service's content rules filtered this reply before it said anything. Try rephrasing and ask again.", 'upstream_filtered'),
};

function statusError(status: number, retryAfterSeconds: string | undefined): AppError {
  if (status === 401 || status === 403) return upstreamErrors.auth();
  if (status === 429) return upstreamErrors.rateLimited(retryAfterSeconds);
  if (status >= 500) return upstreamErrors.unavailable(status);
  return upstreamErrors.rejected(status);
}

/** The upstream's wait as whole seconds: Retry-After (seconds or an HTTP date), else retry-after-ms. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): string | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value && /^\d+$/.test(value)) return String(Number(value));
  if (value) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return String(Math.max(0, Math.ceil((at - now) / 1000)));
  }
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return String(Math.ceil(ms / 1000));
  return undefined;
}

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = JSON.parse(text)?.error?.message;
    if (typeof message === 'string') return message.slice(0, 500);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 500);
}

const FINISH_REASONS: Record<string, FinishReason> = { length: 'length', content_filter: 'content_filter' };

/**
 * Settles what the model sent for choice 0: a refusal is kept as such; no text at all is an
 * upstream error (nothing is saved as a reply); anything else keeps its finish reason
 * ('length' and 'content_filter' mark a partial reply, every other reason is complete).
 */
function settle(content: string, refusal: string, finishReason: unknown): TextFinish {
  if (refusal.trim()) return { text: content.trim() ? `${content}\n\n${refusal}` : refusal, finishReason: 'refusal' };
  if (!content.trim()) throw finishReason === 'content_filter' ? upstreamErrors.filtered() : upstreamErrors.empty();
  return { text: content, finishReason: (typeof finishReason === 'string' && FINISH_REASONS[finishReason]) || 'stop' };
}

/** Choice 0 of a reply (we never ask for more); a choice without an index counts as 0. */
const isFirstChoice = (choice: any) => choice && typeof choice === 'object' && (choice.index ?? 0) === 0;

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
  const log = options.log;

  const body = (request: TextRequest, stream: boolean) => {
    const messages: ChatTurn[] = [{ role: 'system', content: SYSTEM_PROMPTS[request.task] }, ...request.turns];
    return JSON.stringify({
      model: modelFor(request.task),
      messages,
      stream,
      // `max_tokens` is deprecated (and refused by reasoning models) in favour of this.
      ...(request.maxTokens ? { max_completion_tokens: request.maxTokens } : {}),
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
      if (!response.ok) {
        const detail = await errorDetail(response);
        log?.warn({ status: response.status, model: modelFor(request.task), detail }, 'the AI service answered with an error');
        throw statusError(response.status, retryAfterSeconds(response.headers));
      }
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

  /** An `error` object inside a 200 reply (some gateways send one): logged, answered in our words. */
  function reportedError(request: TextRequest, error: any): AppError {
    const detail = typeof error?.message === 'string' ? error.message.slice(0, 500) : JSON.stringify(error).slice(0, 500);
    log?.warn({ status: 200, model: modelFor(request.task), detail }, 'the AI service reported an error in its reply');
    return upstreamErrors.failed();
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
          // The body stopped before its end (the connection dropped mid-reply): cut, not unreachable.
          if (!(error instanceof SyntaxError)) throw upstreamErrors.cut();
          throw upstreamErrors.malformed('invalid JSON');
        }
        if (!json || typeof json !== 'object') throw upstreamErrors.malformed('not a JSON object');
        if (json.error) throw reportedError(request, json.error);
        if (!Array.isArray(json.choices)) throw upstreamErrors.malformed('no choices');
        const choice = json.choices.find(isFirstChoice);
        if (!choice) throw upstreamErrors.empty(); // `choices: []`
        const message = choice.message;
        if (!message || typeof message !== 'object') throw upstreamErrors.malformed('no message');
        if (message.content != null && typeof message.content !== 'string') throw upstreamErrors.malformed('no message content');
        const refusal = typeof message.refusal === 'string' ? message.refusal : '';
        // The configured name, as streamed replies and the UI's engine label use it.
        return { ...settle(message.content ?? '', refusal, choice.finish_reason), engine: modelFor(request.task) };
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
        let content = '';
        let refusal = '';
        let finishReason: unknown = null;
        let sawDone = false;
        let failure: AppError | undefined;
        const parser = createParser({
          onEvent(event: EventSourceMessage) {
            if (event.data === '[DONE]') {
              sawDone = true;
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
              failure ??= reportedError(request, json.error);
              return;
            }
            // Pieces are assembled per choice index; only choice 0 is ours. A chunk may carry no
            // choice at all (the usage chunk of `stream_options.include_usage`).
            for (const choice of Array.isArray(json?.choices) ? json.choices : []) {
              if (!isFirstChoice(choice)) continue;
              const delta = choice.delta;
              if (typeof delta?.content === 'string' && delta.content) {
                content += delta.content;
                pending.push(delta.content);
              }
              // A refusal streams in its own field, and is shown as it arrives too.
              if (typeof delta?.refusal === 'string' && delta.refusal) {
                refusal += delta.refusal;
                pending.push(delta.refusal);
              }
              if (choice.finish_reason) finishReason = choice.finish_reason;
            }
          },
        });
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
            timer.rearm();
            parser.feed(decoder.decode(chunk, { stream: true }));
            if (failure) throw failure;
            while (pending.length) {
              // Pieces that arrived together are not handed out after the caller cancelled.
              request.signal?.throwIfAborted();
              yield pending.shift()!;
            }
          }
        } catch (error) {
          const translated = translate(error, timer);
          // Once the reply has started, a dropped connection means the reply was cut off.
          throw translated instanceof AppError && translated.code === 'upstream_unreachable' ? upstreamErrors.cut() : translated;
        }
        if (failure) throw failure;
        while (pending.length) yield pending.shift()!;
        // A stream that ends without [DONE] or a finish_reason was cut off.
        if (!sawDone && finishReason === null) throw upstreamErrors.cut();
        return settle(content, refusal, finishReason);
      } finally {
        timer.dispose();
      }
    },
  };
}
