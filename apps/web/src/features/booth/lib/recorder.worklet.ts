/**
 * The Booth's capture processor (issue 29, ADR 048), run on the audio rendering thread. It takes
 * the microphone's first input as mono (channels averaged), posts Float32 blocks of BLOCK frames
 * (transferred, not copied) with the context frame of their first sample while recording, and a
 * level (peak and RMS) about every 50 ms whether recording or not, for the meter.
 */

// AudioWorkletGlobalScope (not in TypeScript's DOM library).
declare const sampleRate: number;
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

const BLOCK = 4096;
/** performance.now where the scope has it, else Date.now (whole ms: the sum over many blocks still estimates the load). */
const now: () => number = (globalThis as { performance?: { now(): number } }).performance ? () => performance.now() : () => Date.now();

class BoothRecorderProcessor extends AudioWorkletProcessor {
  private recording = false;
  private buffer = new Float32Array(BLOCK);
  private filled = 0;
  private bufferFrame = 0;
  private peak = 0;
  private sumSquares = 0;
  private levelFrames = 0;
  private readonly levelEvery = Math.round(sampleRate / 20);
  /** Time spent in process() against the time the audio it handled lasts (both in ms). */
  private busyMs = 0;
  private audioMs = 0;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ type: 'record' | 'stop' }>) => {
      if (event.data.type === 'record') {
        this.recording = true;
        this.filled = 0;
        this.busyMs = 0;
        this.audioMs = 0;
      } else if (event.data.type === 'stop') {
        this.flush();
        this.recording = false;
        this.port.postMessage({ type: 'stopped', busyMs: this.busyMs, audioMs: this.audioMs });
      }
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const began = now();
    const channels = inputs[0] ?? [];
    const frames = channels[0]?.length ?? 0;
    for (let i = 0; i < frames; i++) {
      let v = 0;
      for (const channel of channels) v += channel[i];
      v /= channels.length;
      const a = v < 0 ? -v : v;
      if (a > this.peak) this.peak = a;
      this.sumSquares += v * v;
      if (this.recording) {
        if (this.filled === 0) this.bufferFrame = currentFrame + i;
        this.buffer[this.filled++] = v;
        if (this.filled === BLOCK) this.flush();
      }
    }
    this.levelFrames += frames;
    if (this.levelFrames >= this.levelEvery) {
      this.port.postMessage({ type: 'level', peak: this.peak, rms: Math.sqrt(this.sumSquares / this.levelFrames) });
      this.peak = 0;
      this.sumSquares = 0;
      this.levelFrames = 0;
    }
    if (this.recording) {
      this.busyMs += now() - began;
      this.audioMs += (frames / sampleRate) * 1000;
    }
    return true;
  }

  private flush() {
    if (this.filled === 0) return;
    const samples = this.buffer.slice(0, this.filled);
    this.port.postMessage({ type: 'block', frame: this.bufferFrame, samples }, [samples.buffer]);
    this.filled = 0;
  }
}

registerProcessor('booth-recorder', BoothRecorderProcessor);

export {};
