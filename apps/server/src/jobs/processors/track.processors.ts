import type { TrackProcessingService } from '../../services/track-processing.service';
import type { JobProcessors } from '../registry';

/** Track jobs: each processor hands its payload to the track-processing service. */
export function createTrackProcessors(deps: { processing: TrackProcessingService }): Pick<JobProcessors, 'track.analyze' | 'track.transcribe'> {
  const { processing } = deps;
  return {
    'track.analyze': {
      run: ({ trackId }, ctx) => processing.analyze(trackId, ctx),
      onFinalFailure: ({ trackId }, error) => processing.analysisFailed(trackId, error),
    },
    'track.transcribe': {
      run: ({ trackId }, ctx) => processing.transcribe(trackId, ctx),
      onFinalFailure: ({ trackId }, error) => processing.transcriptionFailed(trackId, error),
    },
  };
}
