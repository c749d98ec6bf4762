import type { MessageFinishReason, ToolType } from '@members-only/shared';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextRequest {
  /** Which tool asks: picks the system prompt and, when configured, a per-task model. */
  task: ToolType;
  /** The conversation so far, oldest first, ending with the user's turn. No system turn. */
  turns: ChatTurn[];
  signal?: AbortSignal;
  /** A limit on the reply's length, sent as `max_completion_tokens`. */
  maxTokens?: number;
  temperature?: number;
}

/**
 * Why a reply ended: 'stop' (a complete answer), 'length' (cut off at the length limit),
 * 'content_filter' (the provider's content rules cut it short) or 'refusal' (the model declined;
 * the text is its refusal). An empty reply is never a result: providers throw instead.
 */
export type FinishReason = MessageFinishReason;

/** How a reply ended: its whole text (the refusal when the model declined) and why. */
export interface TextFinish {
  text: string;
  finishReason: FinishReason;
}

export interface TextResult extends TextFinish {
  /** Who answered, as shown to the artist: the model's name, or 'Built-in guide'. */
  engine: string;
}

/** Text generation behind one interface; adapters are chosen by configuration (providers/text/index.ts). */
export interface TextProvider {
  /** The engine that will answer this task. */
  engineFor(task: ToolType): string;
  /** True when a real language model answers (not a built-in engine). */
  readonly isModel: boolean;
  generate(request: TextRequest): Promise<TextResult>;
  /**
   * Yields the reply piece by piece and returns how it ended; throws an AppError on upstream
   * failure (an empty reply included), and the AbortError when the caller cancels.
   */
  stream(request: TextRequest): AsyncGenerator<string, TextFinish, undefined>;
}
