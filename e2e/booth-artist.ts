import type { Page } from '@playwright/test';

/**
 * A "perfect artist" for the Booth's timing journeys (issue 29), installed with
 * `page.addInitScript` so nothing in the app knows about it.
 *
 * Chromium's fake microphone plays a file from when capture starts, not on the page's clock, so
 * it cannot show whether a take lands on the beat. Here the microphone is instead a
 * MediaStreamAudioDestinationNode of the page's own AudioContext: every AudioContext the page
 * makes gets one, and the stream `getUserMedia` answered carries its track. Whenever the page
 * starts a long AudioBufferSourceNode (the backing; takes played back too, harmlessly, since
 * nothing records then) the artist "hears" each beat of it `baseLatency + outputLatency` after
 * it was scheduled (what the context reports about its output path) and sings a click exactly
 * then. That click reaches the page's capture through the MediaStream path, which takes
 * `inputMs` (measured by `measureStreamLoopMs`); the microphone's track reports that as its
 * `latency` setting, as a real microphone's track does in Chrome. So the page's own latency
 * compensation, capture, chunked upload, placement and the server's comp and mixdown all decide
 * where the clicks land.
 */
export interface ArtistConfig {
  bpm: number;
  firstDownbeatMs: number;
  /** The MediaStream path's delay (ms), reported as the microphone track's `latency`. */
  inputMs: number;
  /**
   * A device whose reports are wrong (for calibration): its true round trip (ms) from a sound
   * scheduled to its capture, and how much of it comes before the artist hears it. The page's
   * output also reaches the microphone over that round trip while `window.__artist.speakers(true)`
   * (headphones off). Without it the device is what the context and the track report.
   */
  device?: { roundTripMs: number; outputMs: number };
}

export function installPerfectArtist(cfg: ArtistConfig) {
  const Native = window.AudioContext;
  const mic = new MediaStream();
  const sinks = new WeakMap<BaseAudioContext, MediaStreamAudioDestinationNode>();
  const voices = new WeakMap<AudioBufferSourceNode, OscillatorNode[]>();
  const sung: number[] = [];
  const speakers = new WeakMap<BaseAudioContext, GainNode>();
  const voicePaths = new WeakMap<BaseAudioContext, AudioNode>();
  const artist = {
    sung,
    heardMs: Number.NaN,
    contexts: [] as BaseAudioContext[],
    /** Headphones off (true): the speakers reach the microphone. */
    speakers(on: boolean) {
      for (const ctx of artist.contexts) {
        const gain = speakers.get(ctx);
        if (gain) gain.gain.value = on ? 1 : 0;
      }
    },
  };
  (window as unknown as { __artist: typeof artist }).__artist = artist;

  class ArtistContext extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      const sink = this.createMediaStreamDestination();
      sink.channelCount = 1;
      const track = sink.stream.getAudioTracks()[0];
      const settings = track.getSettings.bind(track);
      // A microphone keeps its deviceId (this track's own is new with every context).
      track.getSettings = () => ({ ...settings(), deviceId: 'perfect-artist-microphone', latency: cfg.inputMs / 1000 }) as MediaTrackSettings;
      for (const old of mic.getAudioTracks()) mic.removeTrack(old);
      mic.addTrack(track);
      sinks.set(this, sink);
      artist.contexts.push(this);
      if (cfg.device) {
        // What is left of the round trip once the MediaStream path has taken its share.
        const loop = this.createDelay(1);
        loop.delayTime.value = Math.max(0, cfg.device.roundTripMs - cfg.inputMs) / 1000;
        const speaker = this.createGain();
        speaker.gain.value = 0;
        speaker.connect(loop).connect(sink);
        speakers.set(this, speaker);
        const voice = this.createDelay(1);
        voice.delayTime.value = Math.max(0, cfg.device.roundTripMs - cfg.device.outputMs - cfg.inputMs) / 1000;
        voice.connect(sink);
        voicePaths.set(this, voice);
      }
    }
  }
  window.AudioContext = ArtistContext;
  navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) => (constraints?.audio ? Promise.resolve(mic) : Promise.reject(new DOMException('no camera', 'NotFoundError')));

  /** A sung click: 1.5 kHz from phase 0, decaying over about 20 ms. */
  const sing = (ctx: BaseAudioContext, sink: AudioNode, at: number) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 1500;
    gain.gain.setValueAtTime(0.7, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.03);
    osc.connect(gain).connect(sink);
    osc.start(at);
    osc.stop(at + 0.035);
    sung.push(at);
    return osc;
  };

  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, when = 0, offset = 0, ...rest: number[]) {
    start.call(this, when, offset, ...rest);
    const ctx = this.context;
    const sink = sinks.get(ctx);
    if (!sink || !this.buffer || this.buffer.duration < 1) return;
    const heard = cfg.device ? cfg.device.outputMs / 1000 : ctx instanceof Native ? ctx.baseLatency + ctx.outputLatency : 0;
    artist.heardMs = heard * 1000;
    const playsAt = Math.max(when, ctx.currentTime);
    const beat = 60 / cfg.bpm;
    const first = cfg.firstDownbeatMs / 1000;
    const mine: OscillatorNode[] = [];
    for (let k = Math.ceil((offset - first) / beat - 1e-9); first + k * beat < this.buffer.duration; k++) {
      mine.push(sing(ctx, voicePaths.get(ctx) ?? sink, playsAt + (first + k * beat - offset) + heard));
    }
    voices.set(this, mine);
  };
  // The speakers: whatever the page sends to its output also goes to the loop (silent with headphones on).
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    const speaker = speakers.get(this.context);
    if (speaker && args[0] === this.context.destination) connect.call(this, speaker);
    return result;
  } as typeof AudioNode.prototype.connect;
  const stop = AudioBufferSourceNode.prototype.stop;
  AudioBufferSourceNode.prototype.stop = function (this: AudioBufferSourceNode, when?: number) {
    stop.call(this, when);
    // The artist stops singing with the beat.
    for (const osc of voices.get(this) ?? []) {
      try {
        osc.stop();
      } catch {
        // Not started yet is fine too.
      }
    }
  };
}

const PROBE_WORKLET = `class Probe extends AudioWorkletProcessor {
  constructor() { super(); this.last = -1e9; }
  process(inputs) {
    const x = inputs[0] && inputs[0][0];
    if (x) for (let i = 0; i < x.length; i++) {
      const f = currentFrame + i;
      if (Math.abs(x[i]) > 0.05 && f - this.last > sampleRate * 0.2) { this.port.postMessage(f); this.last = f; }
    }
    return true;
  }
}
registerProcessor('probe', Probe);`;

/**
 * How long a MediaStreamAudioDestinationNode's stream takes to come back into the same context
 * through createMediaStreamSource (ms, the median of 8 clicks): the perfect artist's microphone
 * path. Measured on a page of its own (routed here, no app), before the app's page is opened.
 */
export async function measureStreamLoopMs(page: Page): Promise<number> {
  // A blank page of the app's origin without its Content-Security-Policy, so the probe's worklet loads from a Blob.
  await page.route('**/__stream-loop-probe', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>probe</title>' }));
  await page.goto('/__stream-loop-probe');
  const delays = await page.evaluate(async (source) => {
    const ctx = new AudioContext({ latencyHint: 'interactive' });
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    await ctx.audioWorklet.addModule(url);
    const node = new AudioWorkletNode(ctx, 'probe');
    const sink = ctx.createMediaStreamDestination();
    sink.channelCount = 1;
    ctx.createMediaStreamSource(sink.stream).connect(node);
    const mute = ctx.createGain();
    mute.gain.value = 0;
    node.connect(mute).connect(ctx.destination);
    await ctx.resume();
    const frames: number[] = [];
    const heard = new Promise<void>((resolve) => {
      node.port.onmessage = (e: MessageEvent<number>) => {
        frames.push(e.data);
        if (frames.length === 8) resolve();
      };
    });
    const t0 = ctx.currentTime + 0.3;
    const at = Array.from({ length: 8 }, (_, k) => t0 + k * 0.3);
    for (const t of at) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 1500;
      gain.gain.value = 0.7;
      osc.connect(gain).connect(sink);
      osc.start(t);
      osc.stop(t + 0.02);
    }
    await heard;
    await ctx.close();
    return frames.map((f, i) => (f / ctx.sampleRate - at[i]) * 1000);
  }, PROBE_WORKLET);
  await page.unroute('**/__stream-loop-probe');
  return [...delays].sort((a, b) => a - b)[delays.length >> 1];
}
