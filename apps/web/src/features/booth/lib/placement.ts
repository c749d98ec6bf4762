import { barAt, barMs, barStartMs } from '../timing';

/**
 * Where a take belongs in the backing (issue 29, ADR 048). The backing starts playing at
 * context time `beatStartTime` from `fromMs` into it; the worklet reports the context time of
 * the first sample it captured. The artist hears the beat `latencyMs` (output and input path)
 * after it was scheduled, so what they sang lines up with the backing `latencyMs` earlier than
 * where the sample sits in the capture. Samples from before the backing's 0 (the count-in) are
 * dropped, since a take cannot start before the beat.
 */
export function takePlacement(opts: { firstSampleTime: number; beatStartTime: number; fromMs: number; latencyMs: number; sampleRate: number }): {
  startMs: number;
  dropSamples: number;
} {
  const startMs = (opts.firstSampleTime - opts.beatStartTime) * 1000 + opts.fromMs - opts.latencyMs;
  if (startMs >= 0) return { startMs: Math.round(startMs), dropSamples: 0 };
  return { startMs: 0, dropSamples: Math.round((-startMs / 1000) * opts.sampleRate) };
}

/** Beat times (seconds of context time) of a one-bar 4/4 count-in that ends at `downbeatTime`. */
export function countInTimes(downbeatTime: number, bpm: number): number[] {
  const beat = barMs(bpm) / 4 / 1000;
  return [4, 3, 2, 1].map((n) => downbeatTime - n * beat);
}

/** Where recording a punch-in starts (ms of the backing): one bar of pre-roll before `fromBar`, never before 0. */
export function punchInStartMs(fromBar: number, bpm: number, firstDownbeatMs: number): number {
  return Math.max(0, barStartMs(fromBar - 1, bpm, firstDownbeatMs));
}

/** Where a punch-in stops (ms): the end of `toBar`, plus a short tail for the last word. */
export function punchInEndMs(toBar: number, bpm: number, firstDownbeatMs: number, tailMs = 250): number {
  return barStartMs(toBar + 1, bpm, firstDownbeatMs) + tailMs;
}

/** A lyric line on the prompter: one line a bar, with the section it opens when it has one. */
export interface PrompterLine {
  bar: number;
  text: string;
  section: string | null;
}

const SECTION = /^\s*\[([^\]]{1,60})\]\s*$/;

/**
 * The song's lyrics bar by bar: each non-empty line is a bar (the convention a rap verse is
 * written in), counted from the first downbeat; "[Chorus]"-style headings name the next bar's
 * section and take no bar.
 */
export function prompterLines(lyrics: string | null | undefined): PrompterLine[] {
  const lines: PrompterLine[] = [];
  let section: string | null = null;
  for (const raw of (lyrics ?? '').split(/\r?\n/)) {
    const heading = SECTION.exec(raw);
    if (heading) {
      section = heading[1].trim();
      continue;
    }
    const text = raw.trim();
    if (!text) continue;
    lines.push({ bar: lines.length + 1, text, section });
    section = null;
  }
  return lines;
}

/**
 * What the prompter shows at `timeMs` of the backing: the index of the line being sung (or -1
 * before the first downbeat and past the last line) and the next line's, kept in view.
 */
export function prompterAt(lines: readonly PrompterLine[], timeMs: number, bpm: number, firstDownbeatMs: number): { current: number; next: number; bar: number } {
  const bar = barAt(timeMs, bpm, firstDownbeatMs);
  const current = lines.findIndex((l) => l.bar === bar);
  const upcoming = lines.findIndex((l) => l.bar > bar);
  return { current, next: upcoming, bar };
}

/** Fraction (0..1) of the current bar gone at `timeMs`, for the prompter's progress line. */
export function barProgress(timeMs: number, bpm: number, firstDownbeatMs: number): number {
  if (timeMs < firstDownbeatMs) return 0;
  const len = barMs(bpm);
  return ((timeMs - firstDownbeatMs) % len) / len;
}
