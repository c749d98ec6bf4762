import { MARKETING, MARKETING_MESSAGES } from '@members-only/shared/marketing';
import type { Track } from '@members-only/shared/tracks';
import { Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { QuotaHint } from '@/components/quota-hint';
import { SongPicker } from '@/components/song-picker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { QuickActions } from '@/components/quick-actions';
import { QUICK_ACTIONS } from '@/lib/quick-actions';
import { Select } from '@/components/ui/select';

export interface MarketingFormValues {
  /** The song the plan is for (issue 26): its lyrics, title and release date. */
  songId: number | null;
  trackId: number | null;
  title: string;
  context: string;
  releaseDate: string;
}

export interface TracksState {
  tracks: Track[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** Spec §5: selecting a track fills the title with its original name minus the extension. */
export const titleOfTrack = (track: Pick<Track, 'originalName'>) => track.originalName.replace(/\.[^.]*$/, '');

export function MarketingForm({
  values,
  onChange,
  onSubmit,
  generating,
  tracks,
}: {
  values: MarketingFormValues;
  onChange: (values: MarketingFormValues) => void;
  onSubmit: () => void;
  generating: boolean;
  tracks: TracksState;
}) {
  const contextRef = useRef<HTMLTextAreaElement>(null);
  const ready = values.title.trim().length > 0 && values.context.trim().length > 0 && values.releaseDate !== '';
  const placeholder = tracks.loading ? 'Loading tracks...' : tracks.tracks?.length ? 'Select a track' : 'No tracks found';

  return (
    <form
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      aria-label="Create a marketing plan"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !generating) onSubmit();
      }}
    >
      <SongPicker
        withVersion={false}
        disabled={generating}
        value={{ songId: values.songId, trackId: null }}
        onChange={(choice) => {
          if (choice.songId !== values.songId) onChange({ ...values, songId: choice.songId, trackId: choice.songId === null ? values.trackId : null });
        }}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="marketing-track">Your track</Label>
          <Select
            id="marketing-track"
            value={values.trackId === null ? '' : String(values.trackId)}
            disabled={tracks.loading || generating}
            onChange={(e) => {
              const id = e.target.value ? Number(e.target.value) : null;
              const track = tracks.tracks?.find((t) => t.id === id);
              onChange({ ...values, trackId: id, title: track ? titleOfTrack(track) : values.title });
            }}
          >
            <option value="">{tracks.failed ? 'Tracks could not be loaded' : placeholder}</option>
            {tracks.tracks?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
                {t.transcription ? '' : ' (no lyrics yet)'}
              </option>
            ))}
          </Select>
          <p className="text-xs text-muted-foreground">{MARKETING_MESSAGES.lyricsHint}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="marketing-title">Track or album title</Label>
          <Input
            id="marketing-title"
            value={values.title}
            maxLength={MARKETING.titleMax}
            placeholder="e.g. Neon Chrome"
            disabled={generating}
            onChange={(e) => onChange({ ...values, title: e.target.value })}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="marketing-context">Goals and audience</Label>
        <Textarea
          id="marketing-context"
          ref={contextRef}
          rows={4}
          value={values.context}
          maxLength={MARKETING.contextMax}
          placeholder="Who listens to you, where they are, what this release should achieve (first playlist, 10k streams, a tour)..."
          disabled={generating}
          onChange={(e) => onChange({ ...values, context: e.target.value })}
        />
        {/* The spec's marketing chips (issue 24): each starts the goals, to be finished by the artist. */}
        {generating ? null : (
          <QuickActions
            actions={QUICK_ACTIONS.marketing}
            onFill={(text) => {
              onChange({ ...values, context: text });
              requestAnimationFrame(() => {
                contextRef.current?.focus();
                contextRef.current?.setSelectionRange(text.length, text.length);
              });
            }}
          />
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="marketing-release-date">Release date</Label>
        <Input
          id="marketing-release-date"
          type="date"
          className="w-44"
          value={values.releaseDate}
          required
          disabled={generating}
          onChange={(e) => onChange({ ...values, releaseDate: e.target.value })}
        />
        <p className="text-xs text-muted-foreground">The calendar is planned backwards from this day; you can change it on the plan too.</p>
      </div>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={!ready || generating} className="w-full sm:w-auto sm:self-start">
          <Sparkles aria-hidden="true" className="size-4" />
          {generating ? 'Creating Your Marketing Plan...' : 'Generate Marketing Plan'}
        </Button>
        {!ready && !generating ? (
          <p className="text-sm text-muted-foreground" data-testid="marketing-needs-both">
            {MARKETING_MESSAGES.needsTitleAndContext}
          </p>
        ) : null}
        {generating ? (
          // No progress bar: the request reports no steps of its own, and a bar on a timer would be made up.
          <p role="status" className="text-xs text-muted-foreground" data-testid="marketing-progress">
            Reading your {values.trackId !== null || values.songId !== null ? 'lyrics, ' : ''}goals and release date, then setting the dates and writing the plan.
          </p>
        ) : null}
        <QuotaHint kind="marketing" />
      </div>
    </form>
  );
}
