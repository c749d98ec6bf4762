import type { ToolType } from '@members-only/shared';

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
  maxTokens?: number;
  temperature?: number;
}

export interface TextResult {
  text: string;
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
  /** Yields the reply piece by piece; throws an AppError on upstream failure. */
  stream(request: TextRequest): AsyncGenerator<string, void, undefined>;
}
