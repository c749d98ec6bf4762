import { BEAT_STYLE_LABELS, type BeatUnderstanding } from '@members-only/shared/studio';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Before a beat is made: what the beat maker will take from the description as typed so far, read
 * by the server's beat maker itself (POST /api/studio/understand). A setting the description does
 * not name says it is chosen when the beat is made; a style named in the text wins over the
 * dropdown and the panel says so.
 */
export function UnderstoodPanel({ understanding, stale }: { understanding: BeatUnderstanding; stale?: boolean }) {
  if (!understanding.builtIn) {
    return (
      <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground" data-testid="beat-understanding">
        The music service reads your description as you wrote it.
      </p>
    );
  }
  const u = understanding;
  const overridden = u.style !== u.chosenStyle;
  const rows: [string, string, string | null][] = [
    ['Style', BEAT_STYLE_LABELS[u.style], overridden ? `from your description, instead of ${BEAT_STYLE_LABELS[u.chosenStyle]} chosen above` : 'chosen above'],
    ['Tempo', u.bpm !== null ? `${Math.round(u.bpm)} BPM` : `${u.bpmRange.min}–${u.bpmRange.max} BPM`, u.bpm !== null ? null : 'picked when made'],
    ['Key', u.key ?? `a ${u.mode} key`, u.key !== null ? null : 'picked when made'],
    ['Length', u.lengthSec !== null ? clock(u.lengthSec) : 'about 1:30', u.lengthSec !== null ? null : 'say e.g. “40 seconds” for another'],
  ];
  if (u.mood) rows.push(['Mood', capital(u.mood), null]);
  rows.push(['Sounds', u.instruments.join(', '), null]);
  return (
    <section aria-label="What the beat maker will read" aria-busy={stale || undefined} className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="beat-understanding">
      <h3 className="mb-1 font-medium">What the beat maker will read</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([label, value, note]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>
              <span data-testid={`understood-${label.toLowerCase()}`}>{value}</span>
              {note ? <span className="text-muted-foreground"> ({note})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">A style, tempo or key in your description wins over the dropdown.</p>
    </section>
  );
}
