import { describe, expect, it } from 'vitest';
import { ARTICLES } from './articles/index';
import { getGuideArticle, listGuideArticles, splitSections } from './index';
import { LEGAL_DISCLAIMER, TAX_DISCLAIMER } from './types';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('guide articles', () => {
  it('has at least 25 articles with unique, URL-safe slugs and unique titles', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(25);
    const slugs = ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const titles = ARTICLES.map((a) => a.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(ARTICLES.map((a) => [a.slug, a] as const))('%s has >= 3 non-empty ## sections, 400-900 words and tags', (_slug, article) => {
    const headings = article.body.match(/^## \S.*$/gm) ?? [];
    expect(headings.length).toBeGreaterThanOrEqual(3);
    const sections = splitSections(article).filter((s) => s.heading);
    expect(sections).toHaveLength(headings.length);
    for (const s of sections) expect(words(s.text), `${article.slug} / ${s.heading}`).toBeGreaterThanOrEqual(20);
    expect(words(article.body)).toBeGreaterThanOrEqual(400);
    expect(words(article.body)).toBeLessThanOrEqual(900);
    expect(article.tags.length).toBeGreaterThanOrEqual(3);
    expect(article.tools.length).toBeGreaterThanOrEqual(1);
    // No top-level title inside the body, no template-literal leftovers, no empty headings.
    expect(article.body).not.toMatch(/^# /m);
    expect(article.body).not.toMatch(/\$\{|undefined|TODO/);
  });

  it.each(ARTICLES.map((a) => [a.slug, a] as const))('%s has a one- or two-sentence summary whose numbers the body states', (_slug, article) => {
    expect(words(article.summary)).toBeGreaterThanOrEqual(8);
    expect(words(article.summary)).toBeLessThanOrEqual(60);
    expect(article.summary.split(/(?<=[.!?])\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
    for (const n of article.summary.match(/\d+/g) ?? []) expect(article.body, `${article.slug}: ${n}`).toMatch(new RegExp(`(?<!\\d)${n}(?!\\d)`));
  });

  it('covers every topic the product needs', () => {
    const slugs = new Set(ARTICLES.map((a) => a.slug));
    for (const slug of [
      'royalties-and-pros', 'publishing-and-mechanicals', 'soundexchange', 'distribution', 'splits-and-split-sheets',
      'release-planning-and-pitching', 'pre-saves', 'home-recording', 'mixing-rap-vocals', 'mastering-and-loudness',
      'beat-leasing', 'sync-licensing', 'sample-clearance', 'building-a-fan-base', 'social-media-strategy',
      'live-shows-and-booking', 'merch', 'music-videos-on-a-budget', 'contract-red-flags', 'copyright-registration',
      'collaborations-and-features', 'managing-money', 'music-industry-roles', 'networking-and-dms', 'press-kit-epk',
      'youtube-content-id', 'writing-verses', 'writing-hooks', 'cover-art-basics',
      // Production basics and the money questions artists ask every day
      'tempo-and-bpm-by-genre', 'drum-programming', '808s-tuning-and-glide', 'mixing-low-end', 'vocal-chain',
      'autotune-and-pitch-correction', 'beat-arrangement', 'keys-and-scales', 'mix-prep-and-stems', 'mix-translation',
      'making-beats-basics', 'choosing-a-beat', 'working-with-producers', 'streaming-payouts', 'advances-and-funding',
      'release-admin-checklist',
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
  });

  it('states the key facts the brief asks for, hedged where they change', () => {
    const body = (slug: string) => ARTICLES.find((a) => a.slug === slug)!.body;
    expect(body('royalties-and-pros')).toMatch(/ASCAP[\s\S]*BMI[\s\S]*SESAC[\s\S]*GMR/);
    expect(body('royalties-and-pros')).toMatch(/PRS[\s\S]*SOCAN[\s\S]*GEMA/);
    expect(body('royalties-and-pros')).toMatch(/writer share/i);
    expect(body('publishing-and-mechanicals')).toMatch(/Mechanical Licensing Collective/);
    expect(body('publishing-and-mechanicals')).toMatch(/Harry Fox/);
    expect(body('publishing-and-mechanicals')).toMatch(/check current rates/);
    expect(body('release-planning-and-pitching')).toMatch(/at least 7 days/);
    expect(body('release-planning-and-pitching')).toMatch(/three to four weeks/);
    const loud = body('mastering-and-loudness');
    expect(loud).toMatch(/about \*\*-14 LUFS\*\*/);
    expect(loud).toMatch(/about \*\*-16 LUFS\*\*/);
    expect(loud).toMatch(/-1 dBTP/);
    expect(loud).toMatch(/normalise/);
    expect(body('cover-art-basics')).toMatch(/3000 x 3000/);
    expect(body('copyright-registration')).toMatch(/Form PA[\s\S]*Form SR|\*\*PA[\s\S]*\*\*SR/);
    expect(body('tempo-and-bpm-by-genre')).toMatch(/Trap usually sits at \*\*130-150 BPM\*\*, often written as \*\*65-75 BPM\*\* in half-time/);
    expect(body('mixing-low-end')).toMatch(/below roughly \*\*100 Hz\*\*/);
    expect(body('streaming-payouts')).toMatch(/no fixed rate/);
  });

  it('puts a general-information disclaimer on legal, tax and money articles', () => {
    const legal = ['royalties-and-pros', 'publishing-and-mechanicals', 'soundexchange', 'splits-and-split-sheets', 'beat-leasing',
      'sync-licensing', 'sample-clearance', 'contract-red-flags', 'copyright-registration', 'collaborations-and-features'];
    for (const slug of legal) expect(ARTICLES.find((a) => a.slug === slug)!.disclaimer, slug).toBe(LEGAL_DISCLAIMER);
    expect(ARTICLES.find((a) => a.slug === 'managing-money')!.disclaimer).toBe(TAX_DISCLAIMER);
    expect(LEGAL_DISCLAIMER).toMatch(/not legal advice/);
    expect(TAX_DISCLAIMER).toMatch(/not tax/);
  });

  it('lists articles for a guide page and renders one as Markdown', () => {
    const list = listGuideArticles();
    expect(list).toHaveLength(ARTICLES.length);
    expect(list[0]).toEqual({ slug: ARTICLES[0].slug, title: ARTICLES[0].title, tags: ARTICLES[0].tags });
    list[0].tags.push('mutated');
    expect(ARTICLES[0].tags).not.toContain('mutated');
    const page = getGuideArticle('contract-red-flags')!;
    expect(page.markdown.startsWith('# Record deals and contract red flags\n\n_General information, not legal advice.')).toBe(true);
    expect(page.markdown).toContain('**In short:** Never sign a deal without your own entertainment lawyer');
    expect(page.markdown).toContain('## 360 deals');
    expect(getGuideArticle('nope')).toBeUndefined();
  });
});
