import { describe, expect, it } from 'vitest';
import { answerFromGuide, createGuide, type GuideToolType } from './index';

/** Articles in ranking order (best section per article). */
function rankedArticles(question: string, toolType?: GuideToolType): string[] {
  const out: string[] = [];
  for (const hit of createGuide().search(question, { toolType })) if (!out.includes(hit.section.slug)) out.push(hit.section.slug);
  return out;
}

const RANKING_CASES: [question: string, expected: string][] = [
  ['how do I get paid when my song plays on the radio', 'royalties-and-pros'],
  ["what's a split sheet", 'splits-and-split-sheets'],
  ['how loud should my master be for spotify', 'mastering-and-loudness'],
  ['when should I pitch my song to spotify playlists', 'release-planning-and-pitching'],
  ['can I use a beat I found on youtube', 'beat-leasing'],
  ['what is soundexchange', 'soundexchange'],
  ['how do I get my music in a tv show', 'sync-licensing'],
  ['how to sample a song legally', 'sample-clearance'],
  ['what should I look out for in a record deal', 'contract-red-flags'],
  ['how do I get more fans', 'building-a-fan-base'],
  ['how do I mix my vocals', 'mixing-rap-vocals'],
  ['what is a mechanical royalty', 'publishing-and-mechanicals'],
  // Typos
  ['how do royalites work', 'royalties-and-pros'],
  ['what is soundexchnage', 'soundexchange'],
  ['whats a mechanicle royalty', 'publishing-and-mechanicals'],
  ['how do i get my music on spotfy', 'distribution'],
  // Slang and abbreviations
  ['which PRO should i join', 'royalties-and-pros'],
  ['distro recomendations', 'distribution'],
  ['what do i put in my epk', 'press-kit-epk'],
  ['what is a&r', 'music-industry-roles'],
  ['how do presaves work', 'pre-saves'],
  ['what is a type beat', 'beat-leasing'],
  // More natural questions
  ['how do i get my songs on spotify', 'distribution'],
  ['what is an isrc', 'distribution'],
  ['do i need to register copyright', 'copyright-registration'],
  ['how much should i charge for a feature', 'collaborations-and-features'],
  ['how many bars in a verse', 'writing-verses'],
  ['what mic should I buy', 'home-recording'],
  ['what sample rate should I record at', 'home-recording'],
  ['how do i book shows', 'live-shows-and-booking'],
  ['best way to sell merch', 'merch'],
  ['should I do a 360 deal', 'contract-red-flags'],
  ['how do i pay taxes on music income', 'managing-money'],
  ['what does a manager do', 'music-industry-roles'],
  ['content id claim on my video', 'youtube-content-id'],
  ['cover art size', 'cover-art-basics'],
  ['how to make a music video cheap', 'music-videos-on-a-budget'],
  ['my producer wants 50% of my publishing is that normal', 'splits-and-split-sheets'],
  ['how do i get on radio', 'promotion-tactics'],
  ['how long should my song be', 'song-structure'],
  ['what are points on a record', 'contract-red-flags'],
  ['hey so I just dropped my first mixtape and nobody is listening, what should I do', 'building-a-fan-base'],
];

describe('ranking', () => {
  it.each(RANKING_CASES)('%s -> %s ranks first', (question, expected) => {
    expect(rankedArticles(question)[0]).toBe(expected);
    expect(answerFromGuide(question).articles[0]?.slug).toBe(expected);
  });
});

/** The quick-action chips of each tool, with the articles that answer them well. */
const QUICK_ACTIONS: Record<Exclude<GuideToolType, 'chat'>, [prompt: string, expected: string[]][]> = {
  lyrics: [
    ['Write a hook', ['writing-hooks']],
    ['Write a verse', ['writing-verses']],
    ['Write a bridge', ['song-structure']],
    ['Fix my rhymes', ['writing-verses']],
  ],
  coverart: [
    ['Minimalist design', ['cover-art-styles']],
    ['Street art style', ['cover-art-styles']],
    ['Abstract concept', ['cover-art-styles']],
    ['Photography based', ['cover-art-styles']],
  ],
  marketing: [
    ['Social media plan', ['social-media-strategy']],
    ['Release strategy', ['release-planning-and-pitching']],
    ['Collaboration ideas', ['collaborations-and-features']],
    ['Promotion tactics', ['promotion-tactics', 'building-a-fan-base']],
  ],
  review: [
    ['Review my lyrics', ['reviewing-your-track']],
    ['Improve my flow', ['writing-verses', 'reviewing-your-track']],
    ['Structure feedback', ['song-structure', 'reviewing-your-track']],
    ['Commercial potential', ['reviewing-your-track']],
  ],
};

const quickActionCases = Object.entries(QUICK_ACTIONS).flatMap(([tool, prompts]) =>
  prompts.map(([prompt, expected]) => [tool as GuideToolType, prompt, expected] as const),
);

describe('quick actions', () => {
  it('covers the 16 chips', () => expect(quickActionCases).toHaveLength(16));

  it.each(quickActionCases)('[%s] %s answers from a relevant article', (toolType, prompt, expected) => {
    const answer = answerFromGuide(prompt, { toolType });
    expect(answer.articles.length).toBeGreaterThan(0);
    expect(expected).toContain(answer.articles[0].slug);
    expect(answer.markdown).toContain(`### ${answer.articles[0].title}`);
    // The quoted article is one the tool is tagged for.
    const article = createGuide().articles.find((a) => a.slug === answer.articles[0].slug)!;
    expect(article.tools).toContain(toolType);
  });
});

describe('search behaviour', () => {
  it('builds the index once and caches it', () => {
    expect(createGuide()).toBe(createGuide());
    expect(createGuide().sections.length).toBeGreaterThan(createGuide().articles.length * 3);
  });

  it('boosts articles tagged for the tool a question comes from', () => {
    // "ideas" is vague; in the cover-art tool it should lean to cover art, in marketing to marketing.
    expect(rankedArticles('ideas for my next single', 'coverart')[0]).toMatch(/^cover-art/);
    const guide = createGuide();
    const plain = guide.search('concept').find((h) => h.section.slug === 'cover-art-styles')!;
    const boosted = guide.search('concept', { toolType: 'coverart' }).find((h) => h.section.id === plain.section.id)!;
    expect(boosted.score).toBeGreaterThan(plain.score * 1.2);
  });

  it('matches title and tags more strongly than body text', () => {
    // "SoundExchange" is in that article's title and tags; elsewhere it only appears in body text.
    const hits = createGuide().search('soundexchange');
    expect(hits[0].section.slug).toBe('soundexchange');
    expect(Object.values(hits[0].match).flat()).toContain('title');
  });

  it('uses prefix matching for partial words and fuzzy matching only for unknown words', () => {
    expect(rankedArticles('distrib')[0]).toBe('distribution');
    // A correctly spelled word does not fuzzy-match neighbours ("mix" must not match "mic").
    const hits = createGuide().search('mixing');
    expect(hits.every((h) => Object.keys(h.match).every((t) => t.startsWith('mix')))).toBe(true);
  });
});
