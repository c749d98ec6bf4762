import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLES } from './articles/index';
import { answerFromGuide, CONNECT_MODEL_LINE, createGuide, GUIDE_ENGINE, listGuideArticles } from './index';

const NO_MATCH = 'The built-in guide has no article that answers that';

describe('answerFromGuide', () => {
  it('quotes the matching sections in full under their article title, names sources and ends with the connect line', () => {
    const answer = answerFromGuide('how do I get paid when my song plays on the radio');
    expect(answer.engine).toBe(GUIDE_ENGINE);
    expect(answer.engine).toBe('Built-in guide');
    expect(answer.articles[0]).toEqual({ slug: 'royalties-and-pros', title: 'Royalties 101: performance royalties and PROs' });
    expect(answer.markdown).toContain('### Royalties 101: performance royalties and PROs');
    expect(answer.markdown).toContain('#### Getting paid when your song plays on the radio, TV or in a venue');
    const quoted = createGuide().sections.filter((s) => s.heading && answer.markdown.includes(`#### ${s.heading}\n\n${s.text}`));
    expect(quoted.length).toBeGreaterThanOrEqual(1);
    expect(quoted.length).toBeLessThanOrEqual(3);
    expect(answer.sections?.length).toBe(quoted.length);
    expect(answer.markdown).toMatch(/Sources?: \*\*Royalties 101: performance royalties and PROs\*\*/);
    expect(answer.markdown.endsWith(`\n\n${CONNECT_MODEL_LINE}`)).toBe(true);
    expect(CONNECT_MODEL_LINE).toContain('built-in guide');
    // Artists never see configuration.
    expect(answer.markdown).not.toMatch(/[A-Z]{2,}_[A-Z_]{2,}|setting|configure/i);
  });

  it('quotes only the section the question names, not its neighbours (issue 27: the drill answer ended with R&B)', () => {
    const drill = answerFromGuide('what bpm is drill');
    expect(drill.sections).toEqual([{ slug: 'tempo-and-bpm-by-genre', heading: 'Drill' }]);
    expect(drill.markdown).toContain('#### Drill');
    expect(drill.markdown).not.toContain('#### R&B');
    expect(drill.markdown).not.toContain('#### Trap');
    const glide = answerFromGuide('808 glide how to');
    expect(glide.sections?.map((s) => s.heading)).toEqual(['Glide and slides']);
    // A broad question still gets more than one section of its article.
    expect(answerFromGuide('how do I mix 808s?').sections!.length).toBeGreaterThan(1);
  });

  it('adds the disclaimer of legal articles it quotes', () => {
    const answer = answerFromGuide('what should I look out for in a record deal');
    expect(answer.markdown).toContain('_General information, not legal advice.');
    const craft = answerFromGuide('how do I mix my vocals');
    expect(craft.markdown).not.toContain('not legal advice');
  });

  it('respects maxSections', () => {
    const count = (md: string) => (md.match(/^#### /gm) ?? []).length;
    expect(count(answerFromGuide('how do I mix my vocals', { maxSections: 1 }).markdown)).toBe(1);
    expect(count(answerFromGuide('how do I mix my vocals', { maxSections: 5 }).markdown)).toBeLessThanOrEqual(5);
    expect(count(answerFromGuide('how do I mix my vocals', { maxSections: 0 }).markdown)).toBe(1);
    expect(count(answerFromGuide('how do I mix my vocals', { maxSections: Number.NaN }).markdown)).toBeLessThanOrEqual(3);
  });

  it('says honestly when nothing matches, lists topics and still ends with the connect line', () => {
    for (const question of ['xyzzy flurble quantum', 'what is the capital of france', 'how to fix my car engine', 'recipe for banana bread', 'how do I learn python programming', 'tell me a joke']) {
      const answer = answerFromGuide(question);
      expect(answer.articles, question).toEqual([]);
      expect(answer.markdown).toContain(NO_MATCH);
      expect(answer.markdown).toMatch(/^- .+/m);
      expect(answer.markdown.endsWith(CONNECT_MODEL_LINE)).toBe(true);
    }
    const lyrics = answerFromGuide('asdf qwer', { toolType: 'lyrics' });
    expect(lyrics.markdown).toContain('- Writing hooks that stick');
    const empty = answerFromGuide('   ');
    expect(empty.articles).toEqual([]);
    expect(empty.markdown).toContain('Ask a question');
    expect(empty.markdown.endsWith(CONNECT_MODEL_LINE)).toBe(true);
  });

  it('is upfront that it cannot write lyrics or see artwork', () => {
    expect(answerFromGuide('Write a hook', { toolType: 'lyrics' }).markdown).toMatch(/^The built-in guide cannot write/);
    expect(answerFromGuide('Minimalist design', { toolType: 'coverart' }).markdown).toMatch(/^The built-in guide cannot create images/);
    expect(answerFromGuide('Review my lyrics', { toolType: 'review' }).markdown).toMatch(/^The built-in guide cannot hear or read/);
  });

  it('treats an unknown tool type as chat', () => {
    const answer = answerFromGuide('what is soundexchange', { toolType: 'studio' as never });
    expect(answer.markdown.startsWith('Here is what the built-in guide says:')).toBe(true);
    expect(answer.articles[0].slug).toBe('soundexchange');
    expect(answerFromGuide('zzzz', { toolType: '__proto__' as never }).markdown).not.toContain('undefined');
  });

  it('always returns well-formed answers for arbitrary input', () => {
    const slugs = new Set(listGuideArticles().map((a) => a.slug));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.stringMatching(/^[a-z ]{0,60}$/),
          fc.constantFrom('__proto__', 'constructor toString', 'hasOwnProperty valueOf'),
          fc.constantFrom(...ARTICLES.flatMap((a) => a.tags)),
        ),
        fc.constantFrom(undefined, 'chat', 'lyrics', 'coverart', 'marketing', 'review' as const),
        (question, toolType) => {
          const answer = answerFromGuide(question, { toolType });
          expect(answer.engine).toBe('Built-in guide');
          expect(answer.markdown.endsWith(CONNECT_MODEL_LINE)).toBe(true);
          expect(answer.articles.length).toBeLessThanOrEqual(3);
          for (const a of answer.articles) {
            expect(slugs.has(a.slug)).toBe(true);
            expect(answer.markdown).toContain(`### ${a.title}`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds each article among the top three for every one of its tags', () => {
    // Tags are each article's own vocabulary (slang, names, abbreviations); several are shared
    // between articles ("blogs", "booking"), so the owner must rank in the top three, not first.
    const guide = createGuide();
    const misses: string[] = [];
    for (const article of ARTICLES) {
      for (const tag of article.tags) {
        const ranked: string[] = [];
        for (const hit of guide.search(tag)) if (!ranked.includes(hit.section.slug)) ranked.push(hit.section.slug);
        if (!ranked.slice(0, 3).includes(article.slug)) misses.push(`${article.slug}: ${tag} -> ${ranked.slice(0, 3).join(', ')}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('leads with a short answer taken from the article text', () => {
    const answer = answerFromGuide('what BPM should a trap beat be?');
    expect(answer.kind).toBe('answer');
    expect(answer.articles[0].slug).toBe('tempo-and-bpm-by-genre');
    expect(answer.lead).toMatch(/130-150 BPM/);
    const [framing, lead] = answer.markdown.split('\n\n');
    expect(framing).toBe('Here is what the built-in guide says:');
    expect(lead).toBe(`**Short answer:** ${answer.lead}`);
    // Honest: the lead is the article's summary or a sentence of its body, never new text.
    for (const question of ['how do I mix 808s?', 'what is a split sheet', 'how loud should my master be for spotify', 'what is an isrc']) {
      const a = answerFromGuide(question);
      const article = ARTICLES.find((x) => x.slug === a.articles[0].slug)!;
      const source = `${article.summary} ${article.body.replace(/\s+/g, ' ')}`;
      const firstSentence = a.lead!.replace(/\s+/g, ' ').split(/(?<=[.!?])\s/)[0];
      expect(source, question).toContain(firstSentence.replace(/[.:]$/, ''));
    }
  });

  it('sends requests to make something to the tool that makes it, in two sentences', () => {
    const answer = answerFromGuide('write me a hook about grinding');
    expect(answer).toMatchObject({ kind: 'route', tool: 'lyrics', articles: [] });
    expect(answer.markdown).toContain('**Lyric Assist**');
    expect(answer.markdown.split('\n\n')).toHaveLength(3);
    expect(answer.markdown.endsWith(CONNECT_MODEL_LINE)).toBe(true);
    expect(answerFromGuide('make me a trap beat').tool).toBe('studio');
    expect(answerFromGuide('generate cover art for my mixtape').tool).toBe('coverart');
    // Inside the tool that makes it, the how-to articles are the answer (see the quick actions).
    expect(answerFromGuide('write me a hook about grinding', { toolType: 'lyrics' }).kind).toBe('answer');
  });

  it('names the tool that may help when nothing matches', () => {
    const answer = answerFromGuide('how do i make my beat sound like metro boomin');
    expect(answer).toMatchObject({ kind: 'no-match', tool: 'studio', articles: [] });
    expect(answer.markdown.split('\n')[0]).toMatch(/^The built-in guide has no article that answers that, so I would rather not guess\. \*\*Studio\*\*/);
    expect(answerFromGuide('what is the capital of france').tool).toBeUndefined();
  });
});

