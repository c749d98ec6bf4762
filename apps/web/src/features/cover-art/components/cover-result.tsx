import { COVER, COVER_MESSAGES, COVER_STYLE_LABELS, type CoverArt, type CoverStyle } from '@members-only/shared/cover';
import { Brush, Download, Package, Palette, RotateCcw, Sparkles, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { DistributorChecklist } from './distributor-checklist';
import { StylePicker } from './style-picker';

export interface CoverResultProps {
  cover: CoverArt;
  versions: CoverArt[];
  busy: boolean;
  onSelect: (cover: CoverArt) => void;
  onApplyChanges: (edit: string) => Promise<boolean>;
  onTryDifferentStyle: () => void;
  /** A style chosen in the picker: a new version in that style. */
  onPickStyle: (style: CoverStyle) => void;
  onReset: () => void;
}

/** Who made the cover, in the badge and the caption: the built-in renderer says so, a model is named (issue 24). */
export function coverMaker(cover: Pick<CoverArt, 'kind' | 'engine'>): string {
  return cover.kind === 'built-in' ? COVER_MESSAGES.drawnBuiltIn : COVER_MESSAGES.madeByModel(cover.engine);
}

/** Spec §2 'Complete': the image with its badge, the edit box, restyle, download, start over; plus versions and the distributor check. */
export function CoverResult({ cover, versions, busy, onSelect, onApplyChanges, onTryDifferentStyle, onPickStyle, onReset }: CoverResultProps) {
  const [edit, setEdit] = useState('');
  const editId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-4">
        <figure className="relative overflow-hidden rounded-2xl border border-border bg-muted">
          <img
            src={cover.imageUrl}
            alt={`Cover art for ${cover.title}, ${COVER_STYLE_LABELS[cover.style]} style`}
            width={cover.width}
            height={cover.height}
            className={cn('aspect-square w-full object-cover', busy && 'opacity-60')}
            data-testid="cover-image"
          />
          <Badge className="absolute left-3 top-3 max-w-[calc(100%-1.5rem)] gap-1 shadow" data-testid="cover-maker-badge">
            {cover.kind === 'built-in' ? <Brush aria-hidden="true" className="size-3 shrink-0" /> : <Sparkles aria-hidden="true" className="size-3 shrink-0" />}
            <span className="truncate">{coverMaker(cover)}</span>
          </Badge>
          <figcaption className="border-t border-border bg-card px-4 py-2 text-xs text-muted-foreground" data-testid="cover-caption">
            {coverMaker(cover)} · {COVER_STYLE_LABELS[cover.style]} · <span className="whitespace-nowrap">{cover.width} × {cover.height}</span>
          </figcaption>
        </figure>

        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!edit.trim() || busy) return;
            void onApplyChanges(edit.trim()).then((ok) => ok && setEdit(''));
          }}
        >
          <label htmlFor={editId} className="text-sm font-medium">
            Describe a change
          </label>
          <Textarea id={editId} rows={2} value={edit} onChange={(e) => setEdit(e.target.value)} placeholder="e.g. make it blue, title at the top, add a crown" />
          {cover.unusedWords.length ? (
            <p role="status" className="text-sm text-muted-foreground" data-testid="cover-unused-words">
              {COVER_MESSAGES.unusedWords(cover.unusedWords)}
            </p>
          ) : null}
          {/* Two groups that wrap whole, never one button alone on a row (issue 24). */}
          <div className="flex flex-wrap gap-2" data-testid="cover-actions">
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!edit.trim() || busy}>
                <Wand2 aria-hidden="true" /> {COVER_MESSAGES.applyChanges}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={onTryDifferentStyle}>
                <Palette aria-hidden="true" /> {COVER_MESSAGES.tryDifferentStyle}
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href={cover.downloadUrl} download={COVER.downloadName}>
                  <Download aria-hidden="true" /> {COVER_MESSAGES.download}
                </a>
              </Button>
              <Button asChild variant="ghost">
                <a href={`${cover.imageUrl}?download=1&format=jpg`} download="album-cover.jpg" aria-label="Download as JPEG">
                  JPEG
                </a>
              </Button>
              <Button asChild variant="ghost">
                <a href={`/api/coverarts/${cover.id}/kit`} download="album-cover-kit.zip" aria-label="Download the release kit (master, post, story and preview)">
                  <Package aria-hidden="true" /> Release kit
                </a>
              </Button>
            </div>
          </div>
        </form>
        <StylePicker current={cover.style} disabled={busy} onPick={onPickStyle} />
        <div>
          <Button type="button" variant="ghost" onClick={onReset}>
            <RotateCcw aria-hidden="true" /> {COVER_MESSAGES.uploadDifferent}
          </Button>
        </div>
      </div>

      <aside className="grid content-start gap-4">
        <DistributorChecklist checks={cover.checks} />
        {versions.length > 1 ? (
          <nav aria-label="Versions" className="rounded-xl border border-border bg-card p-4">
            <h3 className="text-sm font-semibold">Versions</h3>
            <ul className="mt-3 grid grid-cols-4 gap-2">
              {versions.map((v, i) => (
                <li key={v.id}>
                  <button
                    type="button"
                    aria-current={v.id === cover.id ? 'true' : undefined}
                    aria-label={`Version ${versions.length - i}: ${COVER_STYLE_LABELS[v.style]}${v.edits.length ? `, ${v.edits.at(-1)}` : ''}`}
                    onClick={() => onSelect(v)}
                    className={cn(
                      'block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-ring',
                      v.id === cover.id ? 'border-primary' : 'border-transparent hover:border-border',
                    )}
                  >
                    <img src={v.imageUrl} alt="" width={64} height={64} loading="lazy" className="aspect-square w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </aside>
    </div>
  );
}
