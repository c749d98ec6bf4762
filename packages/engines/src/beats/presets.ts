/**
 * The General MIDI programs (0-based) each part plays, per style and instrument: the SoundFont
 * presets the audio is rendered with and the program changes written into the MIDI file are the
 * same numbers. The 808 is synthesised; its MIDI track says Synth Bass 1 (38), the nearest preset.
 */
import type { BeatPlan } from './compose';
import type { Instrument } from './prompt';
import type { BeatStyle } from './theory';

export interface PartPrograms {
  bass: number;
  chords: number;
  lead: number;
  counter: number;
}

/** General MIDI program names of the presets used (for the MIDI file's track names and the docs). */
export const GM_NAMES: Record<number, string> = {
  0: 'Acoustic Grand Piano', 4: 'Electric Piano 1', 8: 'Celesta', 9: 'Glockenspiel', 10: 'Music Box', 11: 'Vibraphone',
  24: 'Nylon Guitar', 26: 'Jazz Guitar', 25: 'Steel Guitar', 27: 'Clean Electric Guitar', 32: 'Acoustic Bass', 33: 'Fingered Bass', 38: 'Synth Bass 1',
  46: 'Harp', 48: 'String Ensemble 1', 49: 'Slow Strings', 52: 'Choir Aahs', 54: 'Synth Voice', 73: 'Flute', 80: 'Square Lead', 81: 'Saw Lead',
  89: 'Warm Pad', 90: 'Polysynth Pad', 108: 'Kalimba',
};

function chordsProgram(style: BeatStyle, instrument: Instrument): number {
  switch (instrument) {
    case 'piano': return style === 'rnb' || style === 'lofi' ? 4 : 0;
    case 'strings': return style === 'rnb' ? 49 : 48;
    case 'synth': case '808': return 90;
    case 'guitar': return style === 'afrobeats' ? 27 : style === 'lofi' ? 26 : 25;
    case 'bells': return 11;
  }
}

function leadProgram(style: BeatStyle, instrument: Instrument): number {
  switch (instrument) {
    case 'bells': return style === 'drill' ? 8 : style === 'rnb' || style === 'lofi' ? 11 : style === 'pop' ? 10 : 9;
    case 'synth': case '808': return style === 'dance' || style === 'jersey' ? 81 : 80;
    case 'guitar': return style === 'lofi' ? 24 : style === 'afrobeats' ? 27 : 25;
    case 'piano': return style === 'rnb' || style === 'lofi' ? 4 : 0;
    case 'strings': return 48;
  }
}

const COUNTER: Record<BeatStyle, number> = { rap: 48, trap: 48, drill: 52, pop: 46, dance: 89, lofi: 73, afrobeats: 108, rnb: 11, jersey: 54 };

export function gmPrograms(plan: Pick<BeatPlan, 'style' | 'keys' | 'lead' | 'bass'>): PartPrograms {
  const bass = plan.bass === 'bass' ? (plan.style === 'lofi' ? 32 : 33) : 38;
  let counter = COUNTER[plan.style];
  const chords = chordsProgram(plan.style, plan.keys);
  const lead = leadProgram(plan.style, plan.lead);
  // Never the same preset as the chords or lead: the counter-melody is its own voice.
  if (counter === chords || counter === lead) counter = counter === 48 ? 52 : 48;
  return { bass, chords, lead, counter };
}
