import { TRANSCRIPTION_UNAVAILABLE } from '@members-only/shared';
import type { TrackRepository } from '../repositories/track.repository';
import type { FileStorage } from '../providers/storage/types';
import type { SpeechToText } from '../providers/speech/types';
import { AudioDecodeError, probeAudio } from '../audio/decode';
import { analyzeFileInThread } from '../audio/analysis-thread';
import { AppError, PermanentJobError } from '../errors';

/**
 * Below this beat-tracking confidence there is no steady beat (a pad, an a cappella, speech), and
 * a tempo would be invented: none is stored. Click tracks score about 0.9, beatless pads under 0.01.
 */
export const MIN_TEMPO_CONFIDENCE = 0.1;

/** Songs are analysed up to this length; a longer file is measured on its first 20 minutes. */
const MAX_ANALYSIS_SECONDS = 20 * 60;

/**
 * What an artist is told about a failed step: our own words (a PermanentJobError's or an
 * AppError's message), never a raw error, which can name a setting, a path or a program (the job
 * keeps that as its last error).
 */
const ownWords = (error: Error) => (error instanceof PermanentJobError || error instanceof AppError ? error.message.slice(0, 300) : null);
const describe = (error: Error) => ownWords(error) ?? 'We could not analyse this track. Please try uploading it again.';

/** What a long-running step sees of the job running it. */
export interface WorkProgress {
  signal: AbortSignal;
  progress(fraction: number): void;
}

/**
 * The work behind a track's background jobs: decoding and analysing the audio, and transcribing
 * it. Job processors (jobs/processors) call these; the rules about what a track's fields mean
 * live here with the other track rules.
 */
export function createTrackProcessingService(deps: {
  tracks: TrackRepository;
  storage: FileStorage;
  speech?: SpeechToText;
}) {
  const { tracks, storage, speech } = deps;

  return {
    async analyze(trackId: number, ctx: WorkProgress) {
      const track = await tracks.findById(trackId);
      if (!track) return; // deleted meanwhile
      await tracks.update(trackId, { analysis_status: 'processing', analysis_error: null });
      const key = `tracks/${track.filename}`;
      // Decoded and analysed together in a worker thread, block by block: the decoded track is never held.
      const { result, probed } = await storage.withLocalPath(key, async (file) => {
        try {
          const probe = await probeAudio(file);
          ctx.progress(0.05);
          const result = await analyzeFileInThread(file, { probe, maxDurationSec: MAX_ANALYSIS_SECONDS }, (f) => ctx.progress(0.05 + 0.95 * f), ctx.signal);
          return { result, probed: probe.durationSec };
        } catch (error) {
          if (error instanceof AudioDecodeError && error.code === 'NOT_AUDIO') {
            throw new PermanentJobError('We could not read this file as audio. Try exporting it again as MP3 or WAV.');
          }
          throw error;
        }
      });
      // Past the analysis window the container's own duration is the better figure.
      const duration = probed && probed > MAX_ANALYSIS_SECONDS ? probed : result.durationSec;
      await tracks.update(trackId, {
        duration,
        bpm: result.bpmConfidence >= MIN_TEMPO_CONFIDENCE ? result.bpm : null,
        musical_key: result.keyLabel,
        lufs: result.lufs,
        true_peak: result.truePeakDbtp,
        waveform: JSON.stringify(result.waveform),
        loudness_curve: JSON.stringify(result.loudnessCurve),
        analysis_status: 'done',
        analysis_engine: result.engine,
        analysis_error: null,
      });
    },

    async analysisFailed(trackId: number, error: Error) {
      await tracks.update(trackId, { analysis_status: 'failed', analysis_error: describe(error) });
    },

    async transcribe(trackId: number, ctx: WorkProgress) {
      const track = await tracks.findById(trackId);
      // Deleted meanwhile, or the artist already typed the lyrics: theirs win.
      if (!track || track.transcription_source === 'manual') return;
      if (!speech) {
        await tracks.update(trackId, { transcription_status: 'unavailable', transcription_error: TRANSCRIPTION_UNAVAILABLE });
        return;
      }
      await tracks.update(trackId, { transcription_status: 'processing', transcription_error: null });
      ctx.progress(0.1);
      const text = await storage.withLocalPath(`tracks/${track.filename}`, (file) =>
        speech.transcribe({ path: file, filename: track.filename, mimeType: track.mime_type }, ctx.signal),
      );
      const latest = await tracks.findById(trackId);
      if (!latest || latest.transcription_source === 'manual') return;
      await tracks.update(trackId, {
        transcription: text,
        transcription_status: 'done',
        transcription_source: 'speech-to-text',
        transcription_error: null,
      });
    },

    async transcriptionFailed(trackId: number, error: Error) {
      const track = await tracks.findById(trackId);
      if (!track || track.transcription_source === 'manual') return;
      await tracks.update(trackId, {
        transcription_status: 'failed',
        transcription_error: `The lyrics could not be written out (${(ownWords(error) ?? 'the recording could not be understood').replace(/\.$/, '')}). Paste or type them instead.`,
      });
    },
  };
}
export type TrackProcessingService = ReturnType<typeof createTrackProcessingService>;
