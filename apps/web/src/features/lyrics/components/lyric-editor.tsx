import './rhyme-palette.css';
import { LYRICS, type AnalyzedFamily, type LyricsAnalysisResult } from '@members-only/shared/lyrics';
import { memo, useMemo, useRef, type ChangeEvent, type RefObject } from 'react';
import { cn } from '@/lib/utils';
import { layoutLines, lineSegments, type LineView } from '../lib/highlight';

export const PALETTE_SIZE = 8;
const NO_FAMILIES: AnalyzedFamily[] = [];
export const toneOf = (colorIndex: number) => String(colorIndex % PALETTE_SIZE);

interface LyricEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** Caret moves (typing, clicks, arrow keys): the rhyme-ideas panel follows the caret. */
  onCaretChange: (caret: number) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The latest analysis and the text it was made from (may be a keystroke or two behind). */
  analyzed: { text: string; analysis: LyricsAnalysisResult } | undefined;
}

/**
 * The notepad. A real textarea (transparent text, visible caret) sits on a highlight layer that
 * renders the same text with the same font, padding and wrapping: rhyming words get their family's
 * tint, an underline (solid for end rhymes, dashed for internal ones) and the family number; a
 * gutter shows each line's syllable count and scheme letter. The layer is in the flow and gives the
 * editor its height, so the textarea never scrolls and the two always line up.
 */
export function LyricEditor({ value, onChange, onCaretChange, textareaRef, analyzed }: LyricEditorProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => layoutLines(value, analyzed?.text ?? null, analyzed?.analysis ?? null), [value, analyzed]);
  const families = analyzed?.analysis.families ?? NO_FAMILIES;
  const familyById = useMemo(() => new Map(families.map((f) => [f.id, f])), [families]);

  const reportCaret = () => {
    const el = textareaRef.current;
    if (el) onCaretChange(el.selectionEnd);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl border border-input bg-card text-base leading-7 shadow-xs focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/40">
        <div ref={layerRef} aria-hidden="true" data-testid="lyric-highlights" className="min-h-96 pt-4 pb-10">
          {lines.map((line, i) => (
            <LineRow key={i} line={line} familyById={familyById} />
          ))}
        </div>
        <textarea
          ref={textareaRef}
          value={value}
          aria-label="Lyrics"
          maxLength={LYRICS.textMax}
          aria-describedby="lyric-editor-hint"
          placeholder="Start writing your lyrics here..."
          spellCheck
          autoCapitalize="sentences"
          className="absolute inset-0 h-full w-full resize-none overflow-hidden whitespace-pre-wrap break-words bg-transparent pt-4 pb-10 pr-4 pl-16 text-transparent caret-foreground outline-none placeholder:text-muted-foreground selection:bg-primary/30 selection:text-transparent"
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
            onChange(e.target.value);
            onCaretChange(e.target.selectionEnd);
          }}
          onSelect={reportCaret}
          onClick={reportCaret}
          onScroll={(e) => {
            // Should never scroll (the layer sizes the box), but if it does, the layer follows.
            if (layerRef.current) layerRef.current.style.transform = `translateY(${-e.currentTarget.scrollTop}px)`;
          }}
        />
      </div>
      {value.length > LYRICS.textMax * 0.9 ? (
        <p className="text-right text-xs text-muted-foreground" aria-live="polite">
          {value.length.toLocaleString()} / {LYRICS.textMax.toLocaleString()} characters
        </p>
      ) : null}
      <p id="lyric-editor-hint" className="sr-only">
        Rhyming words are highlighted as you type, and each line shows its syllable count.
      </p>
      <RhymeLegend families={families} />
    </div>
  );
}

const LineRow = memo(function LineRow({ line, familyById }: { line: LineView; familyById: Map<string, AnalyzedFamily> }) {
  const info = line.info;
  const endToken = [...line.tokens].reverse().find((t) => t.rhyme === 'end');
  const endFamily = endToken ? familyById.get(endToken.familyId) : undefined;
  return (
    <div className="grid grid-cols-[3rem_minmax(0,1fr)]">
      <div
        className={cn(
          'flex select-none items-start justify-end gap-1 pr-1 text-xs leading-7 tabular-nums text-muted-foreground transition-opacity',
          line.stale && 'opacity-40',
        )}
        data-testid="gutter-line"
      >
        {info?.kind === 'bar' ? (
          <>
            <span data-testid="syllable-count" title="Syllables">
              {info.syllables}
            </span>
            {info.scheme ? (
              <span
                data-testid="scheme-letter"
                className={cn('mt-1.5 inline-flex h-4 min-w-4 items-center justify-center rounded px-0.5 text-[0.625rem] font-bold leading-none', endFamily && 'rhyme-tone rhyme-chip')}
                data-tone={endFamily ? toneOf(endFamily.colorIndex) : undefined}
              >
                {info.scheme}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="whitespace-pre-wrap break-words px-4">
        {line.text ? (
          lineSegments(line).map((segment, i) =>
            segment.token ? (
              <RhymeMark key={i} text={segment.text} familyId={segment.token.familyId} rhyme={segment.token.rhyme} family={familyById.get(segment.token.familyId)} />
            ) : (
              <span key={i}>{segment.text}</span>
            ),
          )
        ) : (
          // An empty line still takes one row, like in the textarea.
          '\u200b'
        )}
      </div>
    </div>
  );
}, sameLine);

function sameLine(a: { line: LineView; familyById: Map<string, AnalyzedFamily> }, b: { line: LineView; familyById: Map<string, AnalyzedFamily> }) {
  if (a.familyById !== b.familyById) return false;
  const x = a.line;
  const y = b.line;
  if (x.text !== y.text || x.stale !== y.stale || x.start !== y.start || x.tokens.length !== y.tokens.length) return false;
  if (x.info?.syllables !== y.info?.syllables || x.info?.scheme !== y.info?.scheme || x.info?.kind !== y.info?.kind) return false;
  return x.tokens.every((t, i) => {
    const u = y.tokens[i]!;
    return t.start === u.start && t.end === u.end && t.familyId === u.familyId && t.rhyme === u.rhyme;
  });
}

function RhymeMark({ text, familyId, rhyme, family }: { text: string; familyId: string; rhyme: string; family: AnalyzedFamily | undefined }) {
  const colorIndex = family?.colorIndex ?? 0;
  return (
    <span
      className="rhyme-tone rhyme-mark"
      data-testid="rhyme-mark"
      data-family={familyId}
      data-rhyme={rhyme}
      data-tone={toneOf(colorIndex)}
      data-label={String(colorIndex + 1)}
    >
      {text}
    </span>
  );
}

const LEGEND_MAX = 12;

/** The families in words, for everyone (and screen readers): number, words, kind of rhyme. */
function RhymeLegend({ families }: { families: AnalyzedFamily[] }) {
  if (!families.length) return null;
  const shown = families.slice(0, LEGEND_MAX);
  return (
    <section aria-labelledby="rhyme-legend-title" className="text-sm">
      <h2 id="rhyme-legend-title" className="sr-only">
        Rhyme families
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="rhyme-legend">
        {shown.map((f) => (
          <li key={f.id} className="flex items-center gap-1.5 rounded-full border border-border bg-card py-0.5 pr-2.5 pl-1">
            <span className="rhyme-tone rhyme-chip inline-flex size-5 items-center justify-center rounded-full text-[0.6875rem] font-bold" data-tone={toneOf(f.colorIndex)}>
              {f.colorIndex + 1}
            </span>
            <span className="max-w-64 truncate">{f.words.slice(0, 6).join(' · ')}</span>
            <span className="text-xs text-muted-foreground">{f.type}</span>
          </li>
        ))}
        {families.length > LEGEND_MAX ? <li className="self-center text-xs text-muted-foreground">and {families.length - LEGEND_MAX} more</li> : null}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">Numbers mark rhyme families. Solid underline: end rhyme. Dashed: internal rhyme.</p>
    </section>
  );
}
