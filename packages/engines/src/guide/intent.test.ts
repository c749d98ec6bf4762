import { describe, expect, it } from 'vitest';
import { detectToolRequest, toolHint } from './intent';

describe('detectToolRequest', () => {
  it.each([
    ['write me a hook about grinding', 'lyrics'],
    ['Write a verse', 'lyrics'],
    ['yo can u write lyrics for my song about my mom', 'lyrics'],
    ['spit me 16', 'lyrics'],
    ['give me some bars about the city', 'lyrics'],
    ['help me write a chorus', 'lyrics'],
    ['make me a hard drill beat', 'studio'],
    ['cook me up a trap beat', 'studio'],
    ['could you produce an instrumental for me', 'studio'],
    ['generate cover art for my mixtape', 'coverart'],
    ['design an album cover with a lion', 'coverart'],
    ['can you make a marketing plan for my single', 'marketing'],
    ['create a rollout for my EP', 'marketing'],
    ['review my track pls', 'review'],
    ['rate my verse', 'review'],
    ['what do you think of my new song', 'review'],
    ['is my hook any good', 'review'],
  ] as const)('%s -> %s', (message, tool) => {
    expect(detectToolRequest(message)).toBe(tool);
  });

  it.each([
    'how do I write a hook',
    'what BPM should a trap beat be?',
    'make my 808 hit harder',
    'give me tips for writing a hook',
    'write a split sheet',
    'should I write the hook or the verse first?',
    'can you explain how to make a beat',
    'is my song copyrighted',
    'drop my album on a friday?',
    '',
    '   ',
  ])('%j is a question, not a request', (message) => {
    expect(detectToolRequest(message)).toBeUndefined();
  });
});

describe('toolHint', () => {
  it('names the tool closest to an unanswered question', () => {
    expect(toolHint('how do i make my beat sound like metro boomin')).toBe('studio');
    expect(toolHint('ideas for my verse about growing up')).toBe('lyrics');
    expect(toolHint('what is the capital of france')).toBeUndefined();
  });
});

describe('questionIntent and the short answer it chooses', () => {
  it('reads what kind of answer a question wants', async () => {
    const { questionIntent } = await import('./lead');
    expect(questionIntent('when should i pitch to spotify editorial')).toBe('when');
    expect(questionIntent('what is a split sheet')).toBe('definition');
    expect(questionIntent('how do i clear a sample')).toBe('how');
    expect(questionIntent('should i take an advance')).toBe('yes-no');
    expect(questionIntent('how much do spotify pay per stream')).toBe('number');
  });

  it('leads a "when" question with the sentence that gives the lead time', async () => {
    const { answerFromGuide } = await import('./answer');
    const answer = answerFromGuide('when should i pitch to spotify editorial');
    expect(answer.lead).toMatch(/\b(?:\d+|seven|four|three|two) (?:days?|weeks?)\b|at least/i);
  });
});
