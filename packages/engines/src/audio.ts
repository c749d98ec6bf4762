/** Built-in audio analysis engine (pure TypeScript, no I/O). */
export type { AudioAnalysis, KeyMode, KeyResult, LoudnessResult, PcmAudio, PitchClassName, TempoResult } from './audio/types';
export { analyzeAudio, ENGINE_NAME, type AnalyzeOptions } from './audio/analyze';
export { createAudioAnalyzer, type AudioAnalyzer, type AudioAnalyzerOptions } from './audio/stream';
export { measureDuration } from './audio/duration';
export { estimateTempo, onsetStrength, tempoFromEnvelope, tempoPrior, type OnsetEnvelope } from './audio/tempo';
export { chromagramSum, chromaEvidence, detectKey, keyFromChroma, scoreKeys, AS_MAJOR, AS_MINOR, KK_MAJOR, KK_MINOR, PITCH_CLASSES, type HarmonyEvidence, type KeyScore } from './audio/key';
export { gatedLoudness, kWeightingCoefficients, measureIntegratedLoudness, measureLoudness, type Biquad } from './audio/loudness';
export { channelTruePeakLinear, measureTruePeak, TRUE_PEAK_PHASES } from './audio/truePeak';
export { computeWaveform, type WaveformOptions } from './audio/waveform';
export { decimate, mixToMono, monoAtRate } from './audio/dsp';
export * as synth from './audio/synth';
