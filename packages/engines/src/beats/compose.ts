/**
 * Composition: turns a style, a description and a seed into a plan (tempo, key, progression,
 * sections, instruments) and a score (every drum hit and note, in seconds). Synthesis (render.ts)
 * and MIDI export read the same score.
 */
import { seededRandom } from '../audio/synth';
import { INSTRUMENTS, readBeatDescription, STYLE_CONVENTIONS, type Instrument, type Mood } from './prompt';
import { bassRoot, chordIntervals, keyLabel, PROGRESSIONS, romanOf, scaleNotes, voiceChord, type BeatStyle, type ChordSymbol, type Mode } from './theory';

export type SectionName = 'intro' | 'verse' | 'hook' | 'outro';
export interface Section {
  name: SectionName;
  startBar: number;
  bars: number;
}

export interface BeatPlan {
  /** The style made: the one the description names, else the dropdown's. */
  style: BeatStyle;
  /** The dropdown's style (differs from `style` when the description named another). */
  requestedStyle: BeatStyle;
  seed: number;
  bpm: number;
  tonic: number;
  mode: Mode;
  /** e.g. "F# minor" (the analyser's spelling). */
  key: string;
  mood: Mood | null;
  swing: number;
  /** Exact length of the rendered audio. */
  lengthSec: number;
  bars: number;
  sections: Section[];
  progression: ChordSymbol[];
  /** e.g. "i VI iv V". */
  progressionLabel: string;
  keys: Instrument;
  lead: Instrument;
  bass: '808' | 'bass' | 'synthBass';
  /** What the engine read in the description, in words. */
  understood: string[];
}

export interface BeatRequest {
  style: BeatStyle;
  description: string;
  seed: number;
  /**
   * 'Make a variation': the same plan (tempo, key, progression, sections, instruments) with drums
   * and melody from this number instead (0 or absent: the original's).
   */
  variation?: number;
  /** 'Extend': this many verse + hook pairs added before the outro. */
  extensions?: number;
  /** Variation: keep tempo, key and progression of this plan, change drums and melody. */
  basedOn?: Pick<BeatPlan, 'bpm' | 'tonic' | 'mode' | 'progression' | 'lengthSec'>;
}

/** Spreads nearby seeds (1, 2, 3...) far apart before they seed a generator. */
export function mixSeed(seed: number, salt: number): number {
  let h = (seed ^ salt) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length];

/** Decides everything about a beat except the notes. */
export function planBeat(request: BeatRequest): BeatPlan {
  const { seed } = request;
  const rng = seededRandom(mixSeed(seed, 0x5bd1e995));
  const reading = readBeatDescription(request.description);
  // A style named in the description wins over the dropdown's ('UK drill' chosen under Trap is drill).
  const style = reading.style ?? request.style;
  const conv = STYLE_CONVENTIONS[style];
  const base = request.basedOn;

  const bpm = base?.bpm ?? reading.bpm ?? conv.bpm.min + Math.floor(rng() * (conv.bpm.max - conv.bpm.min + 1));
  const moodMode: Mode | undefined = reading.mood === 'dark' || reading.mood === 'sad' ? 'minor' : reading.mood === 'happy' ? 'major' : undefined;
  const mode = base?.mode ?? reading.mode ?? moodMode ?? conv.mode;
  const tonic = base?.tonic ?? reading.tonic ?? Math.floor(rng() * 12);
  const sevenths = style === 'lofi' || style === 'rnb' || reading.mood === 'chill';
  const progression = base?.progression ?? pick(rng, PROGRESSIONS[mode]).map((c) => (sevenths && c.degree !== 0 ? { ...c, seventh: true } : c));

  const asked = reading.instruments;
  const keysChoices: Instrument[] = ['piano', 'strings', 'synth', 'guitar'];
  const keys = asked.find((i) => keysChoices.includes(i)) ?? conv.keys;
  const leadChoices: Instrument[] = ['bells', 'synth', 'guitar', 'piano'];
  const lead = asked.find((i) => leadChoices.includes(i) && i !== keys) ?? (conv.lead === keys ? 'bells' : conv.lead);
  const bass = style === 'trap' || style === 'drill' || asked.includes('808') ? '808' : style === 'dance' || style === 'jersey' ? 'synthBass' : 'bass';

  const barSec = (4 * 60) / bpm;
  let lengthSec: number;
  let bars: number;
  const wanted = base?.lengthSec ?? reading.lengthSec;
  if (wanted !== undefined) {
    lengthSec = wanted;
    bars = Math.max(1, Math.ceil(lengthSec / barSec - 1e-9));
  } else {
    // About 90 s in whole 4-bar phrases, always within 60-120 s.
    bars = Math.max(4, Math.round(90 / barSec / 4) * 4);
    while (bars * barSec > 120) bars -= 4;
    while (bars * barSec < 60) bars += 4;
    lengthSec = bars * barSec;
  }

  let sections = arrange(bars);
  const extensions = Math.max(0, Math.floor(request.extensions ?? 0));
  if (extensions > 0) {
    const extended = extend(sections, extensions);
    lengthSec += (extended.bars - bars) * barSec;
    bars = extended.bars;
    sections = extended.sections;
  }

  return {
    style,
    requestedStyle: request.style,
    seed,
    bpm,
    tonic,
    mode,
    key: keyLabel(tonic, mode),
    mood: reading.mood ?? null,
    swing: conv.swing,
    lengthSec: Math.round(lengthSec * 1000) / 1000,
    bars,
    sections,
    progression,
    progressionLabel: progression.map((c) => romanOf(c, mode)).join(' '),
    keys,
    lead,
    bass,
    understood: reading.understood,
  };
}

/** intro, verse, hook, verse, hook, outro: whole phrases (4, 2 or 1 bars), about 1:2:2:2:2:1. */
export function arrange(bars: number): Section[] {
  const unit = bars >= 40 ? 4 : bars >= 20 ? 2 : 1;
  const units = Math.floor(bars / unit);
  const names: SectionName[] = ['intro', 'verse', 'hook', 'verse', 'hook', 'outro'];
  const weights = [1, 2, 2, 2, 2, 1];
  const counts = weights.map((w) => Math.floor((units * w) / 10));
  let left = units - counts.reduce((a, b) => a + b, 0);
  for (const i of [2, 4, 1, 3, 0, 5]) if (left > 0) { counts[i]++; left--; }
  for (let i = 0; left > 0; i = (i + 1) % 6) { counts[i]++; left--; }
  const sections: Section[] = [];
  let at = 0;
  names.forEach((name, i) => {
    let n = counts[i] * unit;
    if (i === names.length - 1) n += bars - units * unit;
    if (n > 0) sections.push({ name, startBar: at, bars: n });
    at += n;
  });
  return sections;
}

/**
 * 'Extend': another verse and hook (each as long as the first of its kind) before the outro,
 * `times` times. Everything before the outro stays where it was.
 */
export function extend(sections: Section[], times: number): { sections: Section[]; bars: number } {
  const outroAt = sections.findIndex((s) => s.name === 'outro');
  const body = outroAt < 0 ? sections : sections.slice(0, outroAt);
  const tail = outroAt < 0 ? [] : sections.slice(outroAt);
  const verse = sections.find((s) => s.name === 'verse')?.bars ?? 4;
  const hook = sections.find((s) => s.name === 'hook')?.bars ?? 4;
  const added: Pick<Section, 'name' | 'bars'>[] = [];
  for (let i = 0; i < times; i++) added.push({ name: 'verse', bars: verse }, { name: 'hook', bars: hook });
  const out: Section[] = [];
  let at = 0;
  for (const s of [...body, ...added, ...tail]) {
    out.push({ name: s.name, startBar: at, bars: s.bars });
    at += s.bars;
  }
  return { sections: out, bars: at };
}

// ---------------------------------------------------------------------------------------------
// The score

export type DrumPart = 'kick' | 'snare' | 'clap' | 'hat' | 'openHat' | 'rim' | 'shaker' | 'swell' | 'crash' | 'tomLow' | 'tomMid' | 'tomHigh';
/** 'counter': the counter-melody, a slower line of chord tones that answers the lead (melody stem). */
export type TonalPart = 'bass' | 'chords' | 'lead' | 'counter';

export interface DrumHit {
  part: DrumPart;
  time: number;
  velocity: number;
  pan: number;
}

export interface NoteEvent {
  part: TonalPart;
  time: number;
  dur: number;
  midi: number;
  velocity: number;
  pan: number;
  /** 808 glide: the note it slides from. */
  from?: number;
}

export interface BeatScore {
  drums: DrumHit[];
  notes: NoteEvent[];
}

type Pattern = number[]; // 16 steps, velocity 0..1

const P = (s: string): Pattern => [...s].map((c) => (c === '.' ? 0 : c === 'x' ? 1 : Number(c) / 10));

const KICKS: Record<BeatStyle, Pattern[]> = {
  rap: [P('x......7..x.....'), P('x..6....x.x.....'), P('x.......x.8....5'), P('x.....6...x..6..')],
  trap: [P('x.......x.x.....'), P('x..7....x.......'), P('x.......x.....7.'), P('x.x.....x.......')],
  pop: [P('x.....7.x.......'), P('x.......x.7.....'), P('x..7....x.......')],
  dance: [P('x...x...x...x...')],
  lofi: [P('x.........x.....'), P('x......6.5......'), P('x.......7.x.....')],
  // Drill: sparse, pushed kicks around the half-time snare.
  drill: [P('x.....x...x.....'), P('x......x..7...6.'), P('x.....7..x......'), P('x..6......x..7..')],
  // Afrobeats: the 3-3-2 (tresillo) kick under a four-on-the-floor pulse.
  afrobeats: [P('x..7..x.x...x...'), P('x...x..7x...x...'), P('x..6..x...x.x...')],
  // R&B: a slow, round kick.
  rnb: [P('x......6..x.....'), P('x.........x..6..'), P('x..6......x.....')],
  // Jersey club: beats 1-3 on the grid; the triplets are added per bar (jerseyKicks).
  jersey: [P('x...x...x.......'), P('x...x...x.......')],
};

/** Per style: which steps carry the backbeat and how hats move. */
function backbeat(style: BeatStyle): number[] {
  return style === 'trap' || style === 'drill' ? [8] : [4, 12];
}

/** Jersey club's signature: a kick on each beat, the last one a triplet ('1, 2, 3, 4-trip-let'). */
function jerseyKicks(): number[] {
  return [0, 4, 8, 12, 12 + 4 / 3, 12 + 8 / 3];
}

/** Builds the whole score for a plan. `variation` reseeds drums and melody only. */
export function composeBeat(plan: BeatPlan, variation = 0): BeatScore {
  const drumRng = seededRandom(mixSeed(plan.seed, 0x1234567 ^ Math.imul(variation, 0x9e3779b9)));
  const noteRng = seededRandom(mixSeed(plan.seed, 0x7654321 ^ Math.imul(variation, 0x85ebca6b)));
  const barSec = (4 * 60) / plan.bpm;
  const stepSec = barSec / 16;
  const swingAt = (step: number) => (step % 2 === 1 ? plan.swing * stepSec : 0);
  const time = (bar: number, step: number, jitter = 0) => bar * barSec + step * stepSec + swingAt(Math.floor(step)) + jitter;
  const drums: DrumHit[] = [];
  const notes: NoteEvent[] = [];
  const style = plan.style;
  const human = style === 'rap' || style === 'lofi' ? 0.006 : 0.0015;
  const jitter = () => (drumRng() * 2 - 1) * human;
  const kickPattern = pick(drumRng, KICKS[style]);
  const altKick = pick(drumRng, KICKS[style]);
  // Velocity humanisation: every hit a little softer or harder (±6 %), as a drummer's would be.
  const hit = (part: DrumPart, t: number, velocity: number, pan = 0) => {
    if (t < plan.lengthSec) drums.push({ part, time: Math.max(0, t), velocity: Math.min(1, velocity * (0.94 + 0.12 * drumRng())), pan });
  };

  const sectionAt = (bar: number) => plan.sections.find((s) => bar >= s.startBar && bar < s.startBar + s.bars) ?? plan.sections[plan.sections.length - 1];
  const chordAt = (bar: number) => plan.progression[bar % plan.progression.length];

  // The motif: two bars of rhythm and contour, fitted to the chord of each bar.
  const scale = scaleNotes(plan.tonic, plan.mode, 62, 84);
  const rhythms = [
    [0, 4, 6, 8, 12, 16, 20, 22, 24, 28],
    [0, 2, 4, 8, 12, 16, 18, 20, 24],
    [0, 4, 8, 10, 12, 16, 20, 24, 26, 28],
    [0, 3, 6, 8, 12, 16, 19, 22, 24, 28],
  ];
  const rhythm = pick(noteRng, rhythms);
  let degree = Math.floor(scale.length / 3);
  const contour = rhythm.map(() => {
    const step = pick(noteRng, [-2, -1, -1, 0, 1, 1, 2, 3]);
    degree = Math.max(0, Math.min(scale.length - 1, degree + step));
    return degree;
  });

  // Kick times per bar, shared with the bass line.
  const kickSteps: number[][] = [];
  let counterLast = 67;

  for (let bar = 0; bar < plan.bars; bar++) {
    const section = sectionAt(bar);
    const inSection = bar - section.startBar;
    const lastBar = inSection === section.bars - 1;
    const outroDrums = section.name === 'outro' && inSection < Math.ceil(section.bars / 2);
    const fullDrums = section.name === 'verse' || section.name === 'hook' || outroDrums;
    const hook = section.name === 'hook';
    const pattern = bar % 4 === 3 ? altKick : kickPattern;
    const steps: number[] = [];

    // Hats: the intro's second half brings them in, so the tempo is there before the drums drop.
    const hatsOn = fullDrums || (section.name === 'intro' && inSection >= Math.floor(section.bars / 2));
    if (hatsOn) hats(bar, lastBar && (style === 'trap' || style === 'drill'));
    if (fullDrums) {
      if (style === 'jersey') {
        for (const s of jerseyKicks()) { hit('kick', time(bar, s, jitter()), Number.isInteger(s / 4) ? 1 : 0.85); steps.push(s); }
      } else {
        for (let s = 0; s < 16; s++) {
          const v = pattern[s];
          if (v > 0 && !(lastBar && s >= 12 && section.name !== 'outro' && drumRng() < 0.5)) {
            hit('kick', time(bar, s, jitter()), v * (0.92 + 0.08 * drumRng()));
            steps.push(s);
          }
        }
      }
      for (const s of backbeat(style)) {
        if (style === 'dance' || style === 'trap') hit('clap', time(bar, s, jitter()), 0.95);
        // Jersey club: a lighter clap, so the kicks on every beat carry the pulse.
        else if (style === 'jersey') hit('clap', time(bar, s, jitter()), 0.5);
        else if (style === 'afrobeats') hit('rim', time(bar, s, jitter()), 0.9, 0.1);
        else hit('snare', time(bar, s, jitter()), (style === 'rnb' ? 0.75 : 0.9) + 0.1 * drumRng());
        if (hook && (style === 'rap' || style === 'pop' || style === 'rnb')) hit('clap', time(bar, s, 0.004), 0.6);
      }
      // Drill: syncopated snares around the half-time backbeat, placed by the seed.
      if (style === 'drill') {
        hit('snare', time(bar, pick(drumRng, [3, 11, 14, 15]), jitter()), 0.45 + 0.15 * drumRng());
        if (bar % 2 === 1) hit('snare', time(bar, pick(drumRng, [6, 13]), jitter()), 0.35);
        for (const s of [4, 12]) hit('openHat', time(bar, s), 1, -0.2);
      }
      // Afrobeats: the shaker runs 16ths all through, the snare answers off the beat.
      if (style === 'afrobeats') {
        for (let s = 0; s < 16; s++) hit('shaker', time(bar, s), s % 4 === 2 ? 0.8 : s % 2 ? 0.45 : 0.6, -0.4);
        hit('snare', time(bar, pick(drumRng, [7, 10, 14]), jitter()), 0.5);
      }
      // Ghost notes and fills.
      if (style === 'rap' || style === 'lofi') {
        if (drumRng() < 0.5) hit('snare', time(bar, 15, jitter()), 0.25);
        if (hook) hit('rim', time(bar, pick(drumRng, [6, 10, 14]), jitter()), 0.5, 0.4);
      }
      if (lastBar && (style === 'pop' || style === 'rap') && section.name !== 'outro') {
        for (const s of [13, 14, 15]) hit('snare', time(bar, s, jitter()), 0.35 + 0.15 * (s - 13));
      }
      if (hook && (style === 'pop' || style === 'dance')) {
        for (let s = 0; s < 16; s++) hit('shaker', time(bar, s), s % 2 ? 0.6 : 0.35, -0.4);
      }
      if (style === 'dance' || style === 'jersey') for (const s of [2, 6, 10, 14]) hit('openHat', time(bar, s), 0.55, 0.2);
      // Trap's half-time clap sits on beat 3: an open hat on beats 2 and 4 keeps the written pulse.
      if (style === 'trap') for (const s of [4, 12]) hit('openHat', time(bar, s), 1, -0.2);
    }
    // Section changes: a crash on the downbeat of each verse and hook after the first bar, and the
    // bar before a new section ends in a fill (toms, a snare roll or a hat roll) or, before a hook,
    // a drop: the kick and bass stop for the last two beats so the hook lands.
    const next = sectionAt(bar + 1);
    if (inSection === 0 && bar > 0 && (section.name === 'verse' || section.name === 'hook')) hit('crash', time(bar, 0), hook ? 0.9 : 0.7, -0.3);
    if (fullDrums && lastBar && next !== section && next.name !== 'outro') fill(bar);
    if (lastBar && next.name === 'hook' && next !== section) hit('swell', time(bar, 0), 0.5);
    kickSteps.push(steps);

    // Bass: out for the drop before a hook.
    const bassOn = fullDrums;
    const drop = lastBar && next.name === 'hook' && next !== section;
    if (drop) {
      for (let i = drums.length - 1; i >= 0 && drums[i].time >= time(bar, 0); i--) if (drums[i].part === 'kick' && drums[i].time >= time(bar, 8) - 1e-6) drums.splice(i, 1);
      const kept = steps.filter((s) => s < 8);
      steps.length = 0;
      steps.push(...kept);
    }
    if (bassOn) bassLine(bar, steps, drop ? 8 : 16);

    // Chords: every bar but the outro's last ones keep ringing.
    keysBar(bar, section.name, fullDrums);

    // Lead motif in the hooks and the outro; the counter-melody under the verses and hooks.
    if (hook || section.name === 'outro') leadBar(bar, inSection);
    if (section.name === 'verse' || hook) counterBar(bar, hook);
  }

  /** The bar before a section change: toms, a snare build or a hat roll, by style. */
  function fill(bar: number) {
    if (style === 'trap' || style === 'drill' || style === 'jersey') {
      for (let k = 0; k < 6; k++) hit('hat', time(bar, 12) + (k * 4 * stepSec) / 6, 0.4 + 0.1 * k, 0.2);
      if (style === 'jersey') for (const s of [13, 14, 15]) hit('clap', time(bar, s), 0.5 + 0.1 * (s - 13));
      return;
    }
    if (style === 'dance') {
      for (let s = 8; s < 16; s++) hit('snare', time(bar, s), 0.3 + 0.06 * (s - 8));
      return;
    }
    const toms: DrumPart[] = ['tomHigh', 'tomHigh', 'tomMid', 'tomLow'];
    const start = pick(drumRng, [12, 12, 10]);
    for (let s = start, k = 0; s < 16; s++, k++) hit(toms[Math.min(3, Math.floor((k * 4) / (16 - start)))], time(bar, s, jitter()), 0.65 + 0.05 * k, 0.3 - 0.15 * k);
  }

  /**
   * The counter-melody: chord tones (third, fifth, seventh) on beats 1 and 3, each moving to the
   * nearest tone of the next chord, an octave below the lead; softer and longer in the hooks so it
   * sits under the motif.
   */
  function counterBar(bar: number, hook: boolean) {
    const chord = chordAt(bar);
    const root = (plan.tonic + chordIntervals(chord, plan.mode)[0]) % 12;
    const tones = chordIntervals(chord, plan.mode).slice(1).map((i) => (plan.tonic + i) % 12);
    const candidates: number[] = [];
    // Over the tonic chord the line may rest on the tonic itself, which anchors the key.
    for (let n = 60; n <= 74; n++) if (tones.includes(n % 12) || (n % 12 === root && chord.degree === 0)) candidates.push(n);
    const steps = hook ? [0] : style === 'afrobeats' || style === 'pop' ? [0, 6, 8, 14] : [0, 8];
    for (const s of steps) {
      const choice = candidates.filter((n) => n !== counterLast).sort((a, b) => Math.abs(a - counterLast) - Math.abs(b - counterLast));
      const midi = choice[noteRng() < 0.75 ? 0 : Math.min(1, choice.length - 1)] ?? counterLast;
      const len = hook ? 15 : steps.length === 4 ? 2 : 7;
      notes.push({ part: 'counter', time: time(bar, s), dur: len * stepSec, midi, velocity: hook ? 0.55 : 0.7, pan: -0.25 });
      counterLast = midi;
    }
  }

  function hats(bar: number, roll: boolean) {
    const base = style === 'dance' ? 1 : 2; // dance: 16ths; others: 8ths
    if (style === 'drill') {
      // Drill hats: 8ths with triplets (three over an 8th pair) on the off-beats, more of them in a fill.
      for (let s = 0; s < 16; s += 2) {
        const triplet = s % 4 === 2 && (drumRng() < 0.3 || (roll && s >= 10));
        if (triplet) for (let k = 0; k < 3; k++) hit('hat', time(bar, s) + (k * 2 * stepSec) / 3, 0.4 + 0.1 * k, 0.2);
        else hit('hat', time(bar, s, jitter()), (s % 4 === 0 ? 1 : 0.4) * (0.85 + 0.15 * drumRng()), 0.2);
      }
      return;
    }
    for (let s = 0; s < 16; s += base) {
      const accent = s % 4 === 0 ? 1 : 0.7;
      if (style === 'trap') {
        // Rolling hats: 8ths, with 16th, triplet and 32nd rolls from the seed.
        // Rolls stay on the 16th/32nd grid (triplets only closing a phrase), so the pulse reads as written.
        const beatEnd = s % 4 === 2;
        const r = drumRng();
        if (beatEnd && ((roll && s === 14) || r < 0.3)) {
          const kind = roll && s === 14 && bar % 4 === 3 ? pick(drumRng, [3, 6]) : pick(drumRng, [2, 2, 4]);
          for (let k = 0; k < kind; k++) hit('hat', time(bar, s) + (k * 2 * stepSec) / kind, 0.45 + (0.4 * k) / kind, 0.2);
          continue;
        }
      }
      const v = style === 'dance' ? (s % 4 === 0 ? 0.7 : 0.35) : style === 'rnb' ? (s % 4 === 0 ? 0.7 : 0.18) : accent * (style === 'lofi' || style === 'afrobeats' ? 0.6 : 0.85);
      hit('hat', time(bar, s, jitter()), v * (0.85 + 0.15 * drumRng()), 0.2);
    }
  }

  function bassLine(bar: number, steps: number[], until = 16) {
    const chord = chordAt(bar);
    const low = plan.bass === '808' ? 28 : 33;
    const root = bassRoot(plan.tonic, chord, plan.mode, low);
    const fifth = root + 7;
    if (plan.bass === 'synthBass') {
      for (const s of [2, 6, 10, 14]) if (s < until) notes.push({ part: 'bass', time: time(bar, s), dur: stepSec * 1.6, midi: root + 12, velocity: 0.9, pan: 0 });
      return;
    }
    if (style === 'afrobeats') {
      // The log drum: short, bouncing notes on the off-beats, root and octave.
      for (const s of [3, 6, 10, 11, 14].filter((x) => x < until)) notes.push({ part: 'bass', time: time(bar, s), dur: stepSec * 1.2, midi: s === 11 || (s === 6 && noteRng() < 0.5) ? root + 12 : root, velocity: s === 3 || s === 10 ? 0.95 : 0.75, pan: 0 });
      return;
    }
    if (style === 'pop') {
      for (let s = 0; s < until; s += 2) notes.push({ part: 'bass', time: time(bar, s), dur: stepSec * 1.7, midi: s === 10 && noteRng() < 0.4 ? fifth : root, velocity: s % 4 ? 0.75 : 0.9, pan: 0 });
      return;
    }
    const starts = steps.length > 0 ? steps : [0];
    let prev: number | undefined = notes.length > 0 && notes[notes.length - 1].part === 'bass' ? notes[notes.length - 1].midi : undefined;
    starts.forEach((s, i) => {
      const end = i + 1 < starts.length ? starts[i + 1] : until;
      let midi = root;
      if (plan.bass === '808' && i === starts.length - 1 && noteRng() < 0.3) midi = root + 12;
      else if (i > 0 && noteRng() < 0.25) midi = fifth > low + 12 ? fifth - 12 : fifth;
      // Drill's 808 slides more often, and a note may slide up an octave mid-bar.
      if (style === 'drill' && i > 0 && noteRng() < 0.35) midi = root + 12;
      const glide = plan.bass === '808' && prev !== undefined && prev !== midi && noteRng() < (style === 'drill' ? 0.85 : 0.55);
      notes.push({ part: 'bass', time: time(bar, s), dur: (end - s) * stepSec * 0.96, midi, velocity: 0.95, pan: 0, ...(glide ? { from: prev } : {}) });
      prev = midi;
    });
  }

  /**
   * Voicings by style: close inversions that move smoothly (voiceChord) for most; R&B and lo-fi add
   * the ninth on top; strings and pads double the root an octave down; drill and trap spread the
   * chord (drop-2: the second voice from the top an octave down) for a darker, wider sound; the
   * hooks' chords may move up an inversion for lift.
   */
  function voicingFor(chord: ChordSymbol, bar: number): number[] {
    let v = voiceChord(plan.tonic, chord, plan.mode);
    if (sectionAt(bar).name === 'hook' && style !== 'rnb' && style !== 'lofi') v = [...v.slice(1), v[0] + 12];
    if (style === 'rnb' || style === 'lofi') {
      const ninth = plan.tonic + chordIntervals(chord, plan.mode)[0] + 14;
      let n = ninth;
      while (n > v[v.length - 1] + 7) n -= 12;
      while (n <= v[v.length - 1]) n += 12;
      if (!chord.dominant) v = [...v, n];
    } else if ((style === 'drill' || style === 'trap') && v.length >= 3) {
      const i = v.length - 2;
      v = [v[i] - 12, ...v.slice(0, i), ...v.slice(i + 1)];
    }
    if (plan.keys === 'strings' || (plan.keys === 'synth' && style !== 'dance' && style !== 'jersey')) v = [v[0] - 12, ...v];
    return v.sort((a, b) => a - b);
  }

  function keysBar(bar: number, section: SectionName, withDrums: boolean) {
    const chord = chordAt(bar);
    const voicing = voicingFor(chord, bar);
    const push = (s: number, durSteps: number, v: number, strum = 0) =>
      voicing.forEach((midi, k) =>
        notes.push({ part: 'chords', time: time(bar, s) + k * strum, dur: durSteps * stepSec, midi, velocity: v, pan: (k / Math.max(1, voicing.length - 1)) * 0.6 - 0.3 }),
      );
    if (plan.keys === 'strings') push(0, 16, 0.8);
    else if (style === 'dance' && section !== 'intro' && section !== 'outro') for (const s of [2, 6, 10, 14]) push(s, 1.5, 0.85);
    else if (style === 'pop') for (const s of [0, 4, 8, 12]) push(s, 3.5, s === 0 ? 0.8 : 0.65);
    else if (style === 'lofi') push(0, 15, 0.8, 0.018);
    else if (style === 'rap') { push(0, 9, 0.85, 0.006); push(10, 6, 0.6, 0.006); }
    else if (style === 'rnb') { push(0, 16, 0.75, 0.012); }
    else if (style === 'afrobeats') for (const s of [0, 3, 6, 10, 12]) push(s, 1.5, s === 0 ? 0.8 : 0.6, 0.01);
    else if (style === 'jersey' && section !== 'intro' && section !== 'outro') for (const s of [0, 6, 12]) push(s, 3, 0.8);
    else if (style === 'drill') { push(0, 7, 0.8); push(8, 7, 0.7); }
    else push(0, 16, 0.8);
    // A bass note under the intro and outro chords, so they are grounded before the drums.
    if (!withDrums && (section === 'intro' || section === 'outro')) {
      notes.push({ part: 'bass', time: time(bar, 0), dur: 15 * stepSec, midi: bassRoot(plan.tonic, chord, plan.mode, 33), velocity: 0.5, pan: 0 });
    }
  }

  function leadBar(bar: number, inSection: number) {
    const chord = chordAt(bar);
    const tones = new Set(voiceChord(plan.tonic, chord, plan.mode).map((n) => n % 12));
    const half = (inSection % 2) * 16;
    rhythm.forEach((s, i) => {
      if (s < half || s >= half + 16) return;
      let midi = scale[contour[i]];
      const strong = s % 8 === 0;
      if (strong && !tones.has(midi % 12)) {
        // Move to the nearest chord tone on strong beats.
        for (let d = 1; d < 4; d++) {
          if (tones.has((midi + d) % 12)) { midi += d; break; }
          if (tones.has((midi - d + 12) % 12)) { midi -= d; break; }
        }
      }
      const next = rhythm[i + 1] ?? 32;
      const dur = Math.min(next - s, 4) * stepSec * 0.9;
      notes.push({ part: 'lead', time: time(bar, s - half), dur, midi, velocity: strong ? 0.9 : 0.75, pan: 0.15 });
    });
  }

  drums.sort((a, b) => a.time - b.time);
  notes.sort((a, b) => a.time - b.time);
  return { drums, notes };
}

export { INSTRUMENTS };

/** The beat's name from what was made: mood word if any, style, key, tempo ('Dark trap, F# minor, 142'). */
export function beatTitle(plan: Pick<BeatPlan, 'style' | 'mood' | 'key' | 'bpm'>): string {
  const style = STYLE_CONVENTIONS[plan.style].name;
  const words = plan.mood ? `${plan.mood} ${style}` : style;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}, ${plan.key}, ${Math.round(plan.bpm)}`;
}
