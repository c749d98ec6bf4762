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
 * then. That click reaches the page's capture `inputMs` later, through a DelayNode in the same
 * graph: the page's `createMediaStreamSource(microphone)` answers that path's end, not a
 * MediaStream source, because Chromium's MediaStream path buffers by an amount that grows when the
 * machine is loaded (21.6 ms on a quiet machine, 9 ms more in a loaded CI run), and the fake device
 * must keep its delay exact. The microphone's track reports `inputMs` as its `latency` setting, as a
 * real microphone's track does in Chrome. So the page's own latency compensation, capture, chunked
 * upload, placement and the server's comp and mixdown all decide where the clicks land.
 */
export interface ArtistConfig {
  bpm: number;
  firstDownbeatMs: number;
  /** The microphone's input delay (ms), exact, reported as the microphone track's `latency`. */
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
  /** Per context, where the artist sings: the start of the microphone's path into the page's capture. */
  const sinks = new WeakMap<BaseAudioContext, AudioNode>();
  /** Per context, the microphone path's end, which the page's createMediaStreamSource(microphone) answers. */
  const micOuts = new WeakMap<BaseAudioContext, AudioNode>();
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
      // The track getUserMedia hands out (its settings are what the page reads); its audio is not used.
      const stream = this.createMediaStreamDestination();
      stream.channelCount = 1;
      const track = stream.stream.getAudioTracks()[0];
      const sink = this.createGain();
      sink.channelCount = 1;
      sink.channelCountMode = 'explicit';
      const input = this.createDelay(1);
      input.delayTime.value = cfg.inputMs / 1000;
      sink.connect(input);
      micOuts.set(this, input);
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
  const createSource = Native.prototype.createMediaStreamSource;
  ArtistContext.prototype.createMediaStreamSource = function (this: ArtistContext, stream: MediaStream) {
    // The page connects what this answers to its recorder, as it would a MediaStream source.
    const out = stream === mic ? micOuts.get(this) : undefined;
    return out ? (out as unknown as MediaStreamAudioSourceNode) : createSource.call(this, stream);
  };
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
