import type { BoothService } from '../../services/booth.service';
import type { JobProcessors } from '../registry';

/** The Booth's mixdown job (issue 29): mix, master and keep the new version through the booth service. */
export function createBoothProcessors(deps: { booth: BoothService }): Pick<JobProcessors, 'booth.mixdown'> {
  const { booth } = deps;
  return {
    'booth.mixdown': {
      run: ({ mixId }, ctx) => booth.process(mixId, ctx),
      onFinalFailure: ({ mixId }) => booth.failed(mixId),
    },
  };
}
