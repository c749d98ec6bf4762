import { answerFromGuide, createGuide } from '@members-only/engines/guide';
import type { TextProvider, TextRequest } from './types';

export const BUILT_IN_GUIDE = 'Built-in guide';

const lastUserTurn = (request: TextRequest) =>
  [...request.turns].reverse().find((t) => t.role === 'user')?.content ?? '';

/**
 * With no model configured, chat answers from the built-in guide: a full-text search over
 * articles written for independent artists. It quotes the most relevant sections and says
 * plainly that it is the guide, not a model.
 */
export function createBuiltInGuideProvider(): TextProvider {
  createGuide(); // build the index at start-up, not on the first question
  const answer = (request: TextRequest) => answerFromGuide(lastUserTurn(request), { toolType: request.task }).markdown;
  return {
    isModel: false,
    engineFor: () => BUILT_IN_GUIDE,
    async generate(request) {
      return { text: answer(request), engine: BUILT_IN_GUIDE, finishReason: 'stop' };
    },
    async *stream(request) {
      // Sent section by section so the page renders it the same way as a model's stream.
      const text = answer(request);
      for (const part of text.split(/(?<=\n\n)/)) {
        request.signal?.throwIfAborted();
        yield part;
      }
      return { text, finishReason: 'stop' };
    },
  };
}
