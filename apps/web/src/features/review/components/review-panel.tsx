import type { Track } from '@members-only/shared/tracks';
import { CircleCheck, Info, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

/** Lyrics a review can read: from speech-to-text or typed by the artist. */
function hasLyrics(track: Track): boolean {
  return track.transcriptionStatus === 'done' && Boolean(track.transcription?.trim());
}

/**
 * The review area under the selected track. Review generation is a later issue, so the button is
 * shown disabled with a plain note rather than pretending to work.
 */
export function ReviewPanel({ track }: { track: Track }) {
  const headingId = useId();
  const noteId = useId();
  const ready = hasLyrics(track);

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-border bg-muted/50 p-5">
      <h3 id={headingId} className="text-base font-semibold">
        {ready ? 'Ready to analyze' : 'Review'}
      </h3>
      {ready ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          This track has lyrics, so it can be reviewed for flow, marketability, lyrics, versatility, originality and
          vocabulary.
        </p>
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            This track doesn&apos;t have a transcription. Please select another track.
          </p>
          <p className="pl-6 text-muted-foreground">Or add its lyrics above to review this one.</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled aria-describedby={noteId}>
          <Sparkles aria-hidden="true" />
          Generate Comprehensive Review
        </Button>
        <p id={noteId} className="text-sm text-muted-foreground">
          Reviews arrive in the next update
        </p>
      </div>
    </section>
  );
}
