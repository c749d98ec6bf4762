/**
 * The beat's parts as a Standard MIDI File (type 1), for finishing it in any DAW: a conductor
 * track with the tempo, 4/4 and the key, then Drums (General MIDI channel 10), Bass (or 808),
 * Chords, Melody and Counter-melody, each with the General MIDI program its audio was rendered with. Note times come from the
 * same score the audio is rendered from, swing and all, at 480 ticks per quarter note.
 */
import { createRequire } from 'node:module';
import type { BeatPlan, BeatScore, DrumPart, TonalPart } from './compose';
import { gmPrograms } from './presets';
import type { Mode } from './theory';

// The package's CommonJS build (its ES build is not loadable by Node's own resolver).
const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as typeof import('@tonejs/midi');

export const MIDI_PPQ = 480;

/** General MIDI percussion keys. The riser into a hook is a crash on the hook's downbeat. */
export const GM_DRUMS: Record<DrumPart, number> = { kick: 36, rim: 37, snare: 38, clap: 39, hat: 42, openHat: 46, swell: 49, shaker: 82, crash: 49, tomLow: 45, tomMid: 47, tomHigh: 50 };


interface TrackNote { midi: number; ticks: number; durationTicks: number; velocity: number }

/** Writes the beat's score as MIDI file bytes. */
export function beatToMidi(plan: BeatPlan, score: BeatScore, title = `${plan.style} beat`): Uint8Array {
  const midi = new Midi();
  midi.header.name = title;
  midi.header.setTempo(plan.bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] });
  // The key signature is written below: @tonejs/midi stores its index plus 7 (F# minor came out as
  // sf = 20), which DAWs read as no key or a wrong one.
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

  // The same General MIDI programs the audio was rendered with (presets.ts).
  const programs = gmPrograms(plan);
  const tracks: { name: string; channel: number; program: number; notes: TrackNote[] }[] = [
    { name: 'Drums', channel: 9, program: 0, notes: drums },
    { name: plan.bass === '808' ? '808' : 'Bass', channel: 0, program: programs.bass, notes: part('bass') },
    { name: 'Chords', channel: 1, program: programs.chords, notes: part('chords') },
    { name: 'Melody', channel: 2, program: programs.lead, notes: part('lead') },
    { name: 'Counter-melody', channel: 3, program: programs.counter, notes: part('counter') },
  ];
  for (const spec of tracks) {
    const track = midi.addTrack();
    track.name = spec.name;
    track.channel = spec.channel;
    track.instrument.number = spec.program;
    for (const note of withoutOverlaps(spec.notes)) track.addNote(note);
  }
  return withKeySignature(midi.toArray(), keySignature(plan.tonic, plan.mode));
}

/** Sharps (positive) or flats (negative) of each major key by tonic pitch class, spelled as PITCH_NAMES spells it. */
const MAJOR_SHARPS = [0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5];
/** The same for minor keys (C# minor 4 sharps, Eb minor 6 flats, G#/Ab minor as G# minor: 5 sharps). */
const MINOR_SHARPS = [-3, 4, -1, -6, 1, -4, 3, -2, 5, 0, -5, 2];

/** The Standard MIDI File key signature: sf (sharps positive, flats negative) and mi (1 for minor). */
export function keySignature(tonic: number, mode: Mode): { sf: number; mi: 0 | 1 } {
  const pc = ((tonic % 12) + 12) % 12;
  return mode === 'minor' ? { sf: MINOR_SHARPS[pc], mi: 1 } : { sf: MAJOR_SHARPS[pc], mi: 0 };
}

/** Puts a key signature meta event (FF 59 02 sf mi) at tick 0 of the first (conductor) track. */
function withKeySignature(bytes: Uint8Array, { sf, mi }: { sf: number; mi: 0 | 1 }): Uint8Array {
  const headerLength = 8 + readUint32(bytes, 4);
  if (String.fromCharCode(...bytes.subarray(headerLength, headerLength + 4)) !== 'MTrk') throw new Error('MIDI: no first track');
  const event = [0x00, 0xff, 0x59, 0x02, sf & 0xff, mi];
  const out = new Uint8Array(bytes.length + event.length);
  out.set(bytes.subarray(0, headerLength + 8));
  new DataView(out.buffer).setUint32(headerLength + 4, readUint32(bytes, headerLength + 4) + event.length);
  out.set(event, headerLength + 8);
  out.set(bytes.subarray(headerLength + 8), headerLength + 8 + event.length);
  return out;
}

const readUint32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

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
