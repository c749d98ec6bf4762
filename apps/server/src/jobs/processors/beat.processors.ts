import type { StudioService } from '../../services/studio.service';
import type { JobProcessors } from '../registry';

/** Studio jobs: make the beat through the studio service. */
export function createBeatProcessors(deps: { studio: StudioService }): Pick<JobProcessors, 'beat.generate'> {
  const { studio } = deps;
  return {
    'beat.generate': {
      run: ({ beatId }, ctx) => studio.process(beatId, ctx),
      onFinalFailure: ({ beatId }, error) => studio.failed(beatId, error),
    },
  };
}
