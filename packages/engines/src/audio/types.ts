/** Decoded PCM: one Float32Array per channel (same length), samples nominally in [-1, 1]. */
export interface PcmAudio {
  channels: Float32Array[];
  sampleRate: number;
}

export type PitchClassName = 'C' | 'C#' | 'D' | 'Eb' | 'E' | 'F' | 'F#' | 'G' | 'Ab' | 'A' | 'Bb' | 'B';
export type KeyMode = 'major' | 'minor';

export interface TempoResult {
  /** Beats per minute rounded to 0.1, or null when no periodicity could be measured. */
  bpm: number | null;
  /** 0..1, normalised autocorrelation of the onset envelope at the chosen beat period. */
  confidence: number;
}

export interface KeyResult {
  key: PitchClassName | null;
  mode: KeyMode | null;
  /** e.g. "A minor"; null when undefined (silence, too short). */
  label: string | null;
  /** 0..1 heuristic: correlation of the best key profile, reduced when the runner-up is close. */
  confidence: number;
}

export interface LoudnessResult {
  /** BS.1770-4 gated integrated loudness in LUFS; null when no 400 ms block passes the gates. */
  integratedLufs: number | null;
  /** EBU Tech 3342 loudness range in LU; null when fewer than 3 s of ungated audio. */
  loudnessRangeLu: number | null;
  /** Maximum momentary (400 ms) loudness, LUFS; null when shorter than 400 ms or silent. */
  momentaryMaxLufs: number | null;
  /** Maximum short-term (3 s) loudness, LUFS; null when shorter than 3 s or silent. */
  shortTermMaxLufs: number | null;
  /** Largest absolute sample value over all channels, dBFS; null for digital silence. */
  samplePeakDbfs: number | null;
  /** Short-term (3 s) loudness once a second (point i: the window from i s), LUFS; null where silent. Empty under 3 s. */
  shortTermCurve: (number | null)[];
}

export interface AudioAnalysis {
  durationSec: number;
  bpm: number | null;
  bpmConfidence: number;
  key: PitchClassName | null;
  mode: KeyMode | null;
  keyLabel: string | null;
  keyConfidence: number;
  lufs: number | null;
  loudnessRangeLu: number | null;
  truePeakDbtp: number | null;
  samplePeakDbfs: number | null;
  /** Short-term (3 s) loudness once a second, LUFS to 0.1 (null: silence); point i is the window starting at i s. */
  loudnessCurve: (number | null)[];
  /** Max-abs peaks of the mono mix, 0..1, 3 decimals, `min(buckets, samples)` entries. */
  waveform: number[];
  engine: 'built-in analyzer v1';
}
