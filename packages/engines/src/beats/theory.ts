/** Keys, scales and chord progressions for the beat engine. */

export type BeatStyle = 'rap' | 'trap' | 'pop' | 'dance' | 'lofi' | 'drill' | 'afrobeats' | 'rnb' | 'jersey';
/** The API's list is shared's BEAT_STYLES; apps/server/test/vocabularies.test.ts fails if the two differ. */
export const BEAT_STYLES: readonly BeatStyle[] = ['rap', 'trap', 'pop', 'dance', 'lofi', 'drill', 'afrobeats', 'rnb', 'jersey'];
export type Mode = 'major' | 'minor';

/** Pitch-class names as the audio analyser spells them. */
export const PITCH_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
export type PitchName = (typeof PITCH_NAMES)[number];

const ALIASES: Record<string, number> = {
  c: 0, 'c#': 1, db: 1, d: 2, 'd#': 3, eb: 3, e: 4, fb: 4, 'e#': 5, f: 5, 'f#': 6, gb: 6, g: 7, 'g#': 8, ab: 8, a: 9, 'a#': 10, bb: 10, b: 11, cb: 11,
};

/** Pitch class of a note name such as "F#", "Bb", "c" (♯/♭ accepted); undefined otherwise. */
export function pitchClassOf(name: string): number | undefined {
  const n = name.trim().toLowerCase().replace('♯', '#').replace('♭', 'b');
  return ALIASES[n];
}

export const SCALES: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  // Natural minor; the V chord of a minor progression borrows the raised 7th (harmonic minor).
  minor: [0, 2, 3, 5, 7, 8, 10],
};

/** A chord as a scale degree (0-based) plus flags; voiced by `voiceChord`. */
export interface ChordSymbol {
  degree: number;
  /** Major V in a minor key (raised leading tone). */
  dominant?: boolean;
  /** Add the 7th (lo-fi, pop colour). */
  seventh?: boolean;
}

/** Progressions (one chord per bar), per mode; each starts on the tonic so the key is heard. */
export const PROGRESSIONS: Record<Mode, ChordSymbol[][]> = {
  minor: [
    [{ degree: 0 }, { degree: 5 }, { degree: 3 }, { degree: 4, dominant: true }], // i VI iv V
    // i VI VII i: the Aeolian climb back home (i VII VI V read as the dominant's minor key too often).
    [{ degree: 0 }, { degree: 5 }, { degree: 6 }, { degree: 0 }], // i VI VII i
    [{ degree: 0 }, { degree: 5 }, { degree: 0 }, { degree: 4, dominant: true }], // i VI i V
    [{ degree: 0 }, { degree: 3 }, { degree: 5 }, { degree: 4, dominant: true }], // i iv VI V
  ],
  major: [
    [{ degree: 0 }, { degree: 4 }, { degree: 5 }, { degree: 3 }], // I V vi IV
    [{ degree: 0 }, { degree: 3 }, { degree: 4 }, { degree: 0 }], // I IV V I
    [{ degree: 0 }, { degree: 5 }, { degree: 3 }, { degree: 4 }], // I vi IV V
    [{ degree: 0 }, { degree: 3 }, { degree: 0 }, { degree: 4 }], // I IV I V
  ],
};

/** Roman-numeral name of a chord in a mode ("i", "VI", "V7"...). */
export function romanOf(chord: ChordSymbol, mode: Mode): string {
  const numerals = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
  const quality = chordQuality(chord, mode);
  const n = numerals[chord.degree];
  return (quality === 'minor' ? n.toLowerCase() : quality === 'diminished' ? `${n.toLowerCase()}°` : n) + (chord.seventh ? '7' : '');
}

function chordQuality(chord: ChordSymbol, mode: Mode): 'major' | 'minor' | 'diminished' {
  if (chord.dominant) return 'major';
  const intervals = chordIntervals(chord, mode);
  const third = intervals[1] - intervals[0];
  const fifth = intervals[2] - intervals[0];
  return fifth === 6 ? 'diminished' : third === 4 ? 'major' : 'minor';
}

/** Semitones above the tonic of the chord's root, third, fifth (and seventh). */
export function chordIntervals(chord: ChordSymbol, mode: Mode): number[] {
  const scale = SCALES[mode];
  const at = (step: number) => scale[step % 7] + 12 * Math.floor(step / 7);
  const notes = [at(chord.degree), at(chord.degree + 2), at(chord.degree + 4)];
  if (chord.seventh) notes.push(at(chord.degree + 6));
  if (chord.dominant) {
    // Raise the chord's third (the key's 7th degree) to make it major.
    notes[1] = notes[0] + 4;
    if (chord.seventh) notes[3] = notes[0] + 10;
  }
  return notes;
}

/**
 * MIDI notes of a chord voiced close around middle C (root position rotated so the top voice stays
 * between about E4 and D5), so successive chords move smoothly.
 */
export function voiceChord(tonic: number, chord: ChordSymbol, mode: Mode, centre = 62): number[] {
  const base = 48 + tonic; // tonic in octave 3
  const notes = chordIntervals(chord, mode).map((i) => base + i);
  // Rotate inversions until the average sits near `centre`.
  let best = notes;
  let bestDist = Infinity;
  for (let inv = 0; inv < notes.length; inv++) {
    const v = notes.map((n, i) => (i < inv ? n + 12 : n));
    for (const shift of [-12, 0, 12]) {
      const w = v.map((n) => n + shift);
      const avg = w.reduce((a, b) => a + b, 0) / w.length;
      const d = Math.abs(avg - centre);
      if (d < bestDist) { bestDist = d; best = w; }
    }
  }
  return [...best].sort((a, b) => a - b);
}

/** Root of the chord as a MIDI note in the bass register (E1..D#2 for 808s, one octave up otherwise). */
export function bassRoot(tonic: number, chord: ChordSymbol, mode: Mode, low: number): number {
  const pc = (tonic + chordIntervals(chord, mode)[0]) % 12;
  let n = low + ((pc - (low % 12) + 12) % 12);
  if (n >= low + 12) n -= 12;
  return n;
}

/** Scale tones (MIDI) between lo and hi inclusive. */
export function scaleNotes(tonic: number, mode: Mode, lo: number, hi: number): number[] {
  const pcs = new Set(SCALES[mode].map((s) => (s + tonic) % 12));
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) if (pcs.has(n % 12)) out.push(n);
  return out;
}

export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

export function keyLabel(tonic: number, mode: Mode): string {
  return `${PITCH_NAMES[tonic]} ${mode}`;
}
