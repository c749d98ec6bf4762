import type { Track } from '@members-only/shared/tracks';
import { formatDuration } from '../track-status';

function formatNumber(value: number | null, digits: number, unit: string): string | null {
  return value === null || !Number.isFinite(value) ? null : `${value.toFixed(digits)} ${unit}`;
}

/** The analysis facts as labelled chips, and which engine measured them (amendment C6). */
export function TrackFacts({ track }: { track: Track }) {
  const { analysis } = track;
  const facts: { label: string; value: string | null }[] = [
    { label: 'Tempo', value: analysis.bpm === null ? null : `${Math.round(analysis.bpm)} BPM` },
    { label: 'Key', value: analysis.key },
    { label: 'Loudness', value: formatNumber(analysis.lufs, 1, 'LUFS') },
    { label: 'True peak', value: formatNumber(analysis.truePeak, 1, 'dBTP') },
    { label: 'Duration', value: track.duration === null ? null : formatDuration(track.duration) },
  ];
  return (
    <div>
      <dl aria-label="Track analysis" className="flex flex-wrap gap-2">
        {facts.map((fact) => (
          <div
            key={fact.label}
            data-fact={fact.label}
            className="flex items-baseline gap-1.5 rounded-full border border-border bg-muted px-3 py-1 text-sm"
          >
            <dt className="text-xs font-medium text-muted-foreground">{fact.label}</dt>
            <dd className="font-semibold tabular-nums">
              {fact.value ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not detected</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {analysis.engine ? <p className="mt-2 text-xs text-muted-foreground">Analysed by {analysis.engine}</p> : null}
    </div>
  );
}
