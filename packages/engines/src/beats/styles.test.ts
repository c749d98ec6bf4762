import { describe, expect, it } from 'vitest';
import { analyzeAudio } from '../audio';
import { beatTitle, generateBeat, planBeat, readBeatDescription, STYLE_CONVENTIONS, type BeatStyle } from '../beats';

const NEW_STYLES: BeatStyle[] = ['drill', 'afrobeats', 'rnb', 'jersey'];

describe('the description names the style, tempo and key', () => {
  it('a style named in the description wins over the dropdown', () => {
    const drill = planBeat({ style: 'trap', description: 'Dark UK drill with sliding 808s, 142 bpm', seed: 1 });
    expect(drill).toMatchObject({ style: 'drill', requestedStyle: 'trap', bpm: 142, bass: '808' });
    const sad = planBeat({ style: 'rap', description: 'sad trap', seed: 1 });
    expect(sad.style).toBe('trap');
    expect(sad.bpm).toBeGreaterThanOrEqual(130);
    expect(planBeat({ style: 'rap', description: 'a beat', seed: 1 })).toMatchObject({ style: 'rap', requestedStyle: 'rap' });
    for (const [text, style] of [
      ['NY drill type beat', 'drill'],
      ['afrobeats banger', 'afrobeats'],
      ['afro pop summer vibe', 'afrobeats'],
      ['amapiano log drums', 'afrobeats'],
      ['slow R&B love song', 'rnb'],
      ['smooth rnb', 'rnb'],
      ["90s r'n'b", 'rnb'],
      ['jersey club bounce', 'jersey'],
      ['lofi study', 'lofi'],
      ['boom bap', 'rap'],
      ['house groove', 'dance'],
    ] as const) {
      expect(readBeatDescription(text).style, text).toBe(style);
    }
    // Words that only contain a style's name do not count.
    expect(readBeatDescription('strapped, unpopular, drilling').style).toBeUndefined();
  });

  it('keeps each new style in its tempo range unless a tempo is named', () => {
    const ranges: Record<string, [number, number]> = { drill: [138, 145], afrobeats: [100, 115], rnb: [65, 75], jersey: [135, 145] };
    for (const style of NEW_STYLES) {
      expect([STYLE_CONVENTIONS[style].bpm.min, STYLE_CONVENTIONS[style].bpm.max]).toEqual(ranges[style]);
      const seen = new Set<number>();
      for (let seed = 1; seed <= 30; seed++) {
        const plan = planBeat({ style: 'pop', description: `${STYLE_CONVENTIONS[style].label} beat`, seed });
        expect(plan.style).toBe(style);
        expect(plan.bpm).toBeGreaterThanOrEqual(ranges[style][0]);
        expect(plan.bpm).toBeLessThanOrEqual(ranges[style][1]);
        seen.add(plan.bpm);
      }
      expect(seen.size).toBeGreaterThan(3);
      expect(planBeat({ style, description: '128 bpm', seed: 2 }).bpm).toBe(128);
    }
  });

  it('reads a key named in the text', () => {
    expect(planBeat({ style: 'drill', description: 'drill in F# minor', seed: 3 }).key).toBe('F# minor');
    expect(planBeat({ style: 'afrobeats', description: 'afrobeats, key of Eb major', seed: 3 }).key).toBe('Eb major');
    expect(planBeat({ style: 'rnb', description: 'R&B in Bbm', seed: 3 }).key).toBe('Bb minor');
  });

  it('names the beat from mood, style, key and tempo', () => {
    expect(beatTitle(planBeat({ style: 'trap', description: 'Dark drill in F# minor, 142 bpm', seed: 1 }))).toBe('Dark drill, F# minor, 142');
    expect(beatTitle(planBeat({ style: 'rap', description: 'R&B in A minor at 70 bpm', seed: 1 }))).toBe('R&B, A minor, 70');
    expect(beatTitle(planBeat({ style: 'rap', description: 'happy afrobeats in C major, 108 bpm', seed: 1 }))).toBe('Happy afrobeats, C major, 108');
  });
});

describe('each new style renders at its tempo', () => {
  it.each(NEW_STYLES.flatMap((style) => [1, 2].map((seed) => [style, seed] as const)))('%s (seed %i): the analyser hears the planned tempo', async (style, seed) => {
    const beat = await generateBeat({ style, description: '16 seconds', seed });
    expect(beat.plan.style).toBe(style);
    expect(beat.channels[0].length).toBe(16 * beat.sampleRate);
    const a = analyzeAudio({ channels: beat.channels, sampleRate: beat.sampleRate });
    expect(Math.abs((a.bpm ?? 0) - beat.plan.bpm)).toBeLessThanOrEqual(2);
  });
});

describe('what the description says wins over the dropdown', () => {
  it('"UK drill… 142 bpm" chosen under Trap is drill at 142; a key in the text is the key', () => {
    const plan = planBeat({ style: 'trap', description: 'UK drill, dark, sliding 808s, 142 bpm in F# minor', seed: 7 });
    expect(plan).toMatchObject({ style: 'drill', requestedStyle: 'trap', bpm: 142, key: 'F# minor', bass: '808' });
    expect(beatTitle(plan)).toBe('Dark drill, F# minor, 142');
  });

  it('"sad trap" chosen with Rap gets trap tempos on every seed, never rap\'s 85-95', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planBeat({ style: 'rap', description: 'sad trap', seed });
      expect(plan.style).toBe('trap');
      expect(plan.bpm).toBeGreaterThanOrEqual(STYLE_CONVENTIONS.trap.bpm.min);
      expect(plan.bpm).toBeLessThanOrEqual(STYLE_CONVENTIONS.trap.bpm.max);
      expect(plan.mode).toBe('minor');
    }
  });

  it('a tempo or key in the text wins over the named style\'s own range and mode', () => {
    expect(planBeat({ style: 'rap', description: 'R&B at 90 bpm', seed: 1 })).toMatchObject({ style: 'rnb', bpm: 90 });
    expect(planBeat({ style: 'pop', description: 'drill in A major', seed: 1 })).toMatchObject({ style: 'drill', key: 'A major' });
  });
});
