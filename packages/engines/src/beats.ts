// Built-in beat engine: deterministic TypeScript (no network; reads the SoundFont and drum samples
// from their npm packages once, on the first beat: ADR 041).
// Imported by the server as `@members-only/engines/beats`.
export { generateBeat, renderBeat, masterGain, BEAT_ENGINE_NAME, BEAT_SAMPLE_RATE, TARGET_LUFS, TRUE_PEAK_CEILING_DBTP, STEM_NAMES } from './beats/render';
export type { RenderedBeat, RenderOptions, StemName } from './beats/render';
export { planBeat, composeBeat, arrange, extend, beatTitle } from './beats/compose';
export type { BeatPlan, BeatRequest, BeatScore, DrumHit, NoteEvent, Section, SectionName } from './beats/compose';
export { gmPrograms, GM_NAMES } from './beats/presets';
export type { PartPrograms } from './beats/presets';
export { loadBeatSounds } from './beats/sounds';
export { readBeatDescription, STYLE_CONVENTIONS, INSTRUMENTS, MIN_LENGTH_SEC, MAX_LENGTH_SEC } from './beats/prompt';
export type { BeatRequestReading, Instrument, Mood, StyleConventions } from './beats/prompt';
export { BEAT_STYLES, keyLabel, PITCH_NAMES } from './beats/theory';
export type { BeatStyle, Mode } from './beats/theory';
export { interleaveS16, wavHeader, wavChunks, wavChunksOf } from './beats/wav';
export { beatToMidi, GM_DRUMS, keySignature, MIDI_PPQ } from './beats/midi';
