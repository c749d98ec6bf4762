import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCoverConcept, energyOf, hasExplicitWords } from './concept';
import { composeCover, fitTitle, type CoverFonts } from './compose';
import { readFontMetrics } from './font-metrics';
import { readEdit } from './edit';
import { conceptPrompt, coverEditPrompt, coverImagePrompt, FALLBACK_CONCEPT } from './prompt';
import { COVER_STYLE_IDS } from './styles';

const require = createRequire(import.meta.url);
const font = (file: string) => fs.readFileSync(require.resolve(file));
const fonts: CoverFonts = {
  Anton: readFontMetrics('Anton', font('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf')),
  'Abril Fatface': readFontMetrics('Abril Fatface', font('@expo-google-fonts/abril-fatface/400Regular/AbrilFatface_400Regular.ttf')),
  'Permanent Marker': readFontMetrics('Permanent Marker', font('@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf')),
  'Space Mono': readFontMetrics('Space Mono', font('@expo-google-fonts/space-mono/700Bold/SpaceMono_700Bold.ttf')),
};

describe('cover concept', () => {
  it('reads mood and imagery from the lyrics, and tempo, key and loudness from the audio', () => {
    const concept = buildCoverConcept({
      lyrics: 'Diamonds on my wrist, gold chains, money in the bank\nCrown on my head, king on the throne',
      audio: { bpm: 140, key: 'F# major', lufs: -7 },
    });
    expect(concept.mood).toBe('luxury');
    expect(concept.imagery).toEqual(expect.arrayContaining(['crown', 'diamonds']));
    expect(concept.motifs).toEqual(expect.arrayContaining(['crown']));
    expect(concept.energy).toBeGreaterThan(0.7);
    expect(concept.text).toContain('140 BPM in F# major');
    expect(concept.text.match(/\./g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('leans dark on a minor key and calm on a slow, quiet track', () => {
    const concept = buildCoverConcept({ lyrics: 'walking alone in the cold', audio: { bpm: 70, key: 'C minor', lufs: -20 } });
    expect(concept.mood).toBe('dark');
    expect(energyOf({ bpm: 70, lufs: -20 })).toBeLessThan(0.2);
    expect(energyOf({})).toBe(0.5);
  });

  it('spots explicit words for the Parental Advisory default', () => {
    expect(hasExplicitWords('this shit is real')).toBe(true);
    expect(hasExplicitWords('shiitake mushrooms and a shell')).toBe(false);
  });

  it('builds the model prompts of the spec', () => {
    const lyrics = 'x'.repeat(400);
    expect(conceptPrompt(lyrics)).toContain(`"${'x'.repeat(300)}"`);
    expect(conceptPrompt(lyrics)).not.toContain('x'.repeat(301));
    const prompt = coverImagePrompt({ title: 'Neon', concept: 'c'.repeat(300), style: 'street-art', advisory: true });
    expect(prompt).toContain('"Neon" must be the focal text');
    expect(prompt).toContain('Parental Advisory');
    expect(prompt).toContain('c'.repeat(200));
    expect(prompt).not.toContain('c'.repeat(201));
    expect(coverImagePrompt({ title: 'Neon', concept: 'c', style: 'street-art', advisory: false })).toContain('Do not include a Parental Advisory label');
    expect(FALLBACK_CONCEPT.split('. ')).toHaveLength(3);
  });

  it("fits the image prompt to the model's maximum: direction and title kept, the concept trimmed first", () => {
    const direction = 'A lone figure on a rooftop at dusk, neon haze, rain on chrome, the skyline melting into violet. '.repeat(7).slice(0, 600);
    const input = { title: 'Neon Chrome', concept: 'Cold blue light over wet streets, a city that never sleeps. '.repeat(5), style: 'street-art' as const, direction, advisory: true, artist: 'MC Test' };
    // Unbounded, as before: a 600-character direction made a prompt over dall-e-2's 1,000.
    expect(coverImagePrompt(input).length).toBeGreaterThan(1000);
    for (const max of [1000, 4000, 32000]) {
      const prompt = coverImagePrompt(input, max);
      expect(prompt.length).toBeLessThanOrEqual(max);
      expect(prompt).toContain(direction.trim());
      expect(prompt).toContain('"Neon Chrome" must be the focal text');
      expect(prompt).toContain('Parental Advisory Explicit Content');
    }
    const tight = coverImagePrompt(input, 1000);
    // The concept gave way: at most a trimmed start of its 200-character excerpt is left.
    expect(tight).not.toContain(input.concept.trim().slice(0, 200));
    expect(coverImagePrompt(input, 4000)).toBe(coverImagePrompt(input));
    // A direction longer than the model takes is the last thing cut, and the title still stands.
    const long = coverImagePrompt({ ...input, direction: 'gold chains and smoke '.repeat(90) }, 1000);
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long).toContain('"Neon Chrome" must be the focal text');
    const edit = coverEditPrompt({ ...input, edit: 'Make the sky gold' }, 1000);
    expect(edit.length).toBeLessThanOrEqual(1000);
    expect(edit.startsWith('Make the sky gold')).toBe(true);
    expect(edit).toContain(direction.trim());
  });

  it('reads what an edit asks of colours', () => {
    expect(readEdit('make it blue and darker').palette).toMatchObject({ hue: 220, light: -12 });
    expect(readEdit('black and white please').palette).toMatchObject({ mono: true });
  });
});

describe('font metrics and title fitting', () => {
  it('reads advance widths from the font files', () => {
    // Anton is condensed: a capital M is narrower than an em; a space is narrower still.
    expect(fonts.Anton.width('M')).toBeGreaterThan(0.3);
    expect(fonts.Anton.width('M')).toBeLessThan(1);
    expect(fonts.Anton.width('MM')).toBeCloseTo(2 * fonts.Anton.width('M'), 6);
    expect(fonts['Space Mono'].width('i')).toBeCloseTo(fonts['Space Mono'].width('W'), 6); // monospaced
    expect(fonts.Anton.capHeight).toBeGreaterThan(0.5);
  });

  it('fits any title inside its box (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0), (raw) => {
        const text = raw.replace(/\s+/g, ' ').trim().toUpperCase();
        const fit = fitTitle(text, fonts.Anton, 2000, 1000, 0.04, true, 600);
        expect(fit.width).toBeLessThanOrEqual(2000 + 1e-6);
        expect(fit.blockHeight).toBeLessThanOrEqual(1000 + 1e-6);
        expect(fit.lines.length).toBeLessThanOrEqual(4);
        expect(fit.lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
      }),
      { numRuns: 200 },
    );
  });

  it('composes each style deterministically, with the label only when asked', () => {
    for (const style of COVER_STYLE_IDS) {
      const design = { title: 'Neon Chrome', style, mood: 'dark' as const, motifs: [], energy: 0.5, advisory: false, seed: 3 };
      expect(composeCover(design, fonts).svg).toBe(composeCover(design, fonts).svg);
      expect(composeCover(design, fonts).svg).not.toContain('data-layer="advisory"');
      const labelled = composeCover({ ...design, advisory: true }, fonts);
      expect(labelled.svg).toContain('PARENTAL');
      expect(labelled.layout.title.y + labelled.layout.title.height).toBeLessThanOrEqual(3000 - labelled.layout.safeMargin);
    }
  });
});
