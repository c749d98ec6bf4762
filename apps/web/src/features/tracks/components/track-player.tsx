import type { Track } from '@members-only/shared/tracks';
import { TriangleAlert } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { isAnalysisRunning } from '../track-status';
import { LoudnessChart } from './loudness-chart';
import { TrackFacts } from './track-facts';
import { WaveformPlayer } from './waveform-player';

/**
 * A track's player and analysis: while the analysis job runs, its real progress and a skeleton;
 * when done, the waveform player and the facts; when it failed, the reason and a plain player.
 */
export function TrackPlayer({ track }: { track: Track }) {
  const { analysis } = track;

  if (isAnalysisRunning(track)) {
    const percent = Math.round(analysis.progress * 100);
    return (
      <div className="grid gap-4">
        <div>
          <div className="flex items-center justify-between gap-2 text-sm">
            <p role="status" className="font-medium">
              Analyzing your song...
            </p>
            <span className="tabular-nums text-muted-foreground">{percent}%</span>
          </div>
          <Progress value={percent} aria-label="Analysis progress" className="mt-2" />
        </div>
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-24 flex-1" />
        </div>
        <div className="flex flex-wrap gap-2">
          {['w-24', 'w-20', 'w-28', 'w-28', 'w-24'].map((width, i) => (
            <Skeleton key={i} className={`h-7 rounded-full ${width}`} />
          ))}
        </div>
      </div>
    );
  }

  if (analysis.status === 'failed') {
    return (
      <div className="grid gap-3">
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive-text">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {analysis.error ?? 'This track could not be analysed.'}
        </p>
        <PlainPlayer track={track} />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {analysis.waveform?.length && track.duration ? (
        <WaveformPlayer title={track.title} audioUrl={track.audioUrl} peaks={analysis.waveform} duration={track.duration} />
      ) : (
        <PlainPlayer track={track} />
      )}
      {analysis.loudnessCurve?.length && track.duration ? <LoudnessChart curve={analysis.loudnessCurve} duration={track.duration} /> : null}
      <TrackFacts track={track} />
    </div>
  );
}

/** The browser's own player (streams with Range requests) when there is no waveform to draw. */
function PlainPlayer({ track }: { track: Track }) {
  return <audio controls preload="metadata" src={track.audioUrl} className="w-full" aria-label={`Play ${track.title}`} />;
}
