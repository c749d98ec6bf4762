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
  // The articles and their search index are loaded and built on the first question (a few hundred
  // milliseconds once), not at start: a server that never answers from the guide never holds them.
  let guide: Promise<typeof import('@members-only/engines/guide')> | undefined;
  const answer = async (request: TextRequest) => {
    guide ??= import('@members-only/engines/guide');
    const { answerFromGuide } = await guide;
    return answerFromGuide(lastUserTurn(request), { toolType: request.task }).markdown;
  };
  return {
    isModel: false,
    engineFor: () => BUILT_IN_GUIDE,
    async generate(request) {
      return { text: await answer(request), engine: BUILT_IN_GUIDE, finishReason: 'stop' };
    },
    async *stream(request) {
      // Sent section by section so the page renders it the same way as a model's stream.
      const text = await answer(request);
      for (const part of text.split(/(?<=\n\n)/)) {
        request.signal?.throwIfAborted();
        yield part;
      }
      return { text, finishReason: 'stop' };
    },
  };
}
