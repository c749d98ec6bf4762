/**
 * The beat's parts as a Standard MIDI File (type 1), for finishing it in any DAW: a conductor
 * track with the tempo, 4/4 and the key, then Drums (General MIDI channel 10), Bass (or 808),
 * Chords and Melody, each with a General MIDI program near its sound. Note times come from the
 * same score the audio is rendered from, swing and all, at 480 ticks per quarter note.
 */
import { createRequire } from 'node:module';
import type { BeatPlan, BeatScore, DrumPart, TonalPart } from './compose';
import type { Instrument } from './prompt';
import { PITCH_NAMES } from './theory';

// The package's CommonJS build (its ES build is not loadable by Node's own resolver).
const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as typeof import('@tonejs/midi');

export const MIDI_PPQ = 480;

/** General MIDI percussion keys. The riser into a hook is a crash on the hook's downbeat. */
export const GM_DRUMS: Record<DrumPart, number> = { kick: 36, rim: 37, snare: 38, clap: 39, hat: 42, openHat: 46, swell: 49, shaker: 82 };

/** General MIDI programs (0-based) nearest each sound. */
const GM_PROGRAMS: Record<Instrument, number> = { piano: 0, bells: 9, guitar: 25, strings: 48, synth: 81, '808': 81 };
const BASS_PROGRAMS: Record<BeatPlan['bass'], number> = { '808': 38, bass: 33, synthBass: 39 };

interface TrackNote { midi: number; ticks: number; durationTicks: number; velocity: number }

/** Writes the beat's score as MIDI file bytes. */
export function beatToMidi(plan: BeatPlan, score: BeatScore, title = `${plan.style} beat`): Uint8Array {
  const midi = new Midi();
  midi.header.name = title;
  midi.header.setTempo(plan.bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] });
  midi.header.keySignatures.push({ ticks: 0, key: PITCH_NAMES[plan.tonic], scale: plan.mode });
  midi.header.update();

  const toTicks = (seconds: number) => Math.max(0, Math.round((seconds * plan.bpm * MIDI_PPQ) / 60));
  const velocity = (v: number) => Math.max(1 / 127, Math.min(1, v));
  const barTicks = 4 * MIDI_PPQ;

  const drums: TrackNote[] = score.drums.map((h) => ({
    midi: GM_DRUMS[h.part],
    ticks: h.part === 'swell' ? toTicks(h.time) + barTicks : toTicks(h.time),
    durationTicks: MIDI_PPQ / 8,
    velocity: velocity(h.velocity),
  }));
  const part = (name: TonalPart): TrackNote[] =>
    score.notes.filter((n) => n.part === name).map((n) => ({ midi: n.midi, ticks: toTicks(n.time), durationTicks: Math.max(1, toTicks(n.dur)), velocity: velocity(n.velocity) }));

  const tracks: { name: string; channel: number; program: number; notes: TrackNote[] }[] = [
    { name: 'Drums', channel: 9, program: 0, notes: drums },
    { name: plan.bass === '808' ? '808' : 'Bass', channel: 0, program: BASS_PROGRAMS[plan.bass], notes: part('bass') },
    { name: 'Chords', channel: 1, program: GM_PROGRAMS[plan.keys], notes: part('chords') },
    { name: 'Melody', channel: 2, program: GM_PROGRAMS[plan.lead], notes: part('lead') },
  ];
  for (const spec of tracks) {
    const track = midi.addTrack();
    track.name = spec.name;
    track.channel = spec.channel;
    track.instrument.number = spec.program;
    for (const note of withoutOverlaps(spec.notes)) track.addNote(note);
  }
  return midi.toArray();
}

/** A note ends before the next one of the same key starts, so no note-on lands on a sounding note. */
function withoutOverlaps(notes: TrackNote[]): TrackNote[] {
  const sorted = [...notes].sort((a, b) => a.ticks - b.ticks || a.midi - b.midi);
  const last = new Map<number, TrackNote>();
  const out: TrackNote[] = [];
  for (const n of sorted) {
    const prev = last.get(n.midi);
    if (prev && prev.ticks === n.ticks) continue; // the same key struck twice at once: once
    if (prev && prev.ticks + prev.durationTicks > n.ticks) prev.durationTicks = n.ticks - prev.ticks;
    const copy = { ...n };
    out.push(copy);
    last.set(n.midi, copy);
  }
  return out;
}
