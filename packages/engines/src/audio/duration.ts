import { frameCount } from './dsp';

/** Exact duration in seconds: sample frames / sample rate (the shortest channel wins). */
export function measureDuration(channelsOrLength: readonly Float32Array[] | number, sampleRate: number): number {
  if (!(sampleRate > 0)) throw new RangeError(`invalid sample rate: ${sampleRate}`);
  const frames = typeof channelsOrLength === 'number' ? channelsOrLength : frameCount(channelsOrLength);
  return frames / sampleRate;
}
