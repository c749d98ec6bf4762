import { AppError } from '../../errors';
import type { TextFinish } from './types';

const REFUSAL_QUOTE_MAX = 300;

/**
 * For callers that can only use a complete answer (lyric suggestions and feedback, POST
 * /api/ai/text): the error to answer instead of a reply that was cut off, filtered or refused,
 * or undefined when the reply is complete. Chat keeps such replies, marked (messages' finishReason).
 */
export function incompleteReplyError(reply: TextFinish): AppError | undefined {
  switch (reply.finishReason) {
    case 'stop':
      return undefined;
    case 'length':
      return new AppError(502, "The model's reply was cut off before it finished. Please try again.", 'upstream_length');
    case 'content_filter':
      return new AppError(502, "The model's reply was filtered by its content rules. Try rephrasing and ask again.", 'upstream_filtered');
    case 'refusal': {
      // The model's own reply (not an upstream error page), quoted so the artist sees why.
      const said = reply.text.trim().replace(/\s+/g, ' ');
      const quote = said.length > REFUSAL_QUOTE_MAX ? `${said.slice(0, REFUSAL_QUOTE_MAX - 1)}…` : said;
      return new AppError(502, `The model declined to answer: “${quote}”`, 'upstream_refused');
    }
  }
}
