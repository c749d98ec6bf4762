import { describe, expect, it } from 'vitest';
import { AudioDecodeError } from '../audio/decode';
import { AppError, PermanentJobError } from '../errors';
import type { TrackRepository } from '../repositories/track.repository';
import { createTrackProcessingService } from './track-processing.service';

/** The fields a failed step writes, from a repository that only records updates. */
function recorder() {
  const updates: Array<Record<string, unknown>> = [];
  const tracks = {
    findById: async (id: number) => ({ id, transcription_source: null }),
    update: async (_id: number, fields: Record<string, unknown>) => {
      updates.push(fields);
    },
  } as unknown as TrackRepository;
  return { updates, service: createTrackProcessingService({ tracks, storage: {} as never }) };
}

const DEVELOPER_WORDS = /[A-Z]{2,}_[A-Z]|ffmpeg|ENOENT|\/srv|[Cc]onfigur/;

describe('what artists are told about a failed analysis or transcription', () => {
  it('never passes on a raw error (a missing program, a setting, a path)', async () => {
    const { updates, service } = recorder();
    await service.analysisFailed(1, new AudioDecodeError('FFMPEG_MISSING', 'No ffmpeg binary available (set FFMPEG_PATH): spawn ENOENT'));
    await service.transcriptionFailed(1, new Error("ENOENT: no such file or directory, open '/srv/data/uploads/tracks/x.wav'"));
    expect(updates).toEqual([
      { analysis_status: 'failed', analysis_error: 'We could not analyse this track. Please try uploading it again.' },
      { transcription_status: 'failed', transcription_error: 'The lyrics could not be written out (the recording could not be understood). Paste or type them instead.' },
    ]);
    for (const u of updates) expect(String(u.analysis_error ?? u.transcription_error)).not.toMatch(DEVELOPER_WORDS);
  });

  it('keeps our own words: a permanent failure’s reason, an upstream error we wrote', async () => {
    const { updates, service } = recorder();
    await service.analysisFailed(1, new PermanentJobError('We could not read this file as audio. Try exporting it again as MP3 or WAV.'));
    await service.transcriptionFailed(1, new AppError(503, 'The speech-to-text service could not be reached.', 'upstream_unreachable'));
    expect(updates.map((u) => u.analysis_error ?? u.transcription_error)).toEqual([
      'We could not read this file as audio. Try exporting it again as MP3 or WAV.',
      'The lyrics could not be written out (The speech-to-text service could not be reached). Paste or type them instead.',
    ]);
  });
});
