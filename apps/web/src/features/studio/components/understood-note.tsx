import { BEAT_STYLE_LABELS, beatStyleSchema, type StudioMusicItem } from '@members-only/shared/studio';

/**
 * What the studio understood from the last description: style, tempo and key, and whether a
 * style named in the description was used instead of the one chosen in the dropdown.
 */
export function UnderstoodNote({ beat }: { beat: Pick<StudioMusicItem, 'style' | 'model' | 'bpm' | 'key' | 'title'> }) {
  const chosen = beatStyleSchema.safeParse(beat.model);
  const overridden = chosen.success && chosen.data !== beat.style;
  const facts = [BEAT_STYLE_LABELS[beat.style], beat.bpm !== null ? `${Math.round(beat.bpm)} BPM` : null, beat.key].filter(Boolean).join(' · ');
  return (
    <div role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="beat-understood">
      <p>
        <span className="font-medium">Made:</span> {facts}
      </p>
      {overridden ? (
        <p className="text-muted-foreground">
          Your description asked for {BEAT_STYLE_LABELS[beat.style]}, so it was made instead of {BEAT_STYLE_LABELS[chosen.data]} (the style chosen above).
        </p>
      ) : null}
    </div>
  );
}
