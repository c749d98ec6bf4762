import { COVER_STYLES, COVER_STYLE_LABELS, type CoverStyle } from '@members-only/shared/cover';
import { cn } from '@/lib/utils';

/** The preview of each style: a small JPEG drawn by the built-in renderer (bench/cover-gallery.ts), served as a static file. */
export const stylePreviewUrl = (style: CoverStyle) => `/cover-styles/${style}.jpg`;

export interface StylePickerProps {
  current: CoverStyle;
  disabled: boolean;
  onPick: (style: CoverStyle) => void;
}

/**
 * 'Choose a style' (issue 28): every style as a small preview; picking one draws a new version in
 * that style, keeping the title, the label and the colours asked for. The current style is
 * marked and cannot be picked again (use 'Try Different Style' for a surprise).
 */
export function StylePicker({ current, disabled, onPick }: StylePickerProps) {
  return (
    <section aria-labelledby="cover-style-picker" className="grid gap-2" data-testid="style-picker">
      <h3 id="cover-style-picker" className="text-sm font-medium">
        Choose a style
      </h3>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {COVER_STYLES.map((style) => {
          const selected = style === current;
          return (
            <li key={style}>
              <button
                type="button"
                aria-pressed={selected}
                disabled={disabled || selected}
                onClick={() => onPick(style)}
                className={cn(
                  'group grid w-full gap-1 rounded-lg border-2 p-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed',
                  selected ? 'border-primary' : 'border-transparent hover:border-border',
                  disabled && !selected && 'opacity-60',
                )}
              >
                <img src={stylePreviewUrl(style)} alt="" width={120} height={120} loading="lazy" className="aspect-square w-full rounded-md object-cover" />
                <span className="px-0.5 leading-tight first-letter:uppercase">{COVER_STYLE_LABELS[style]}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
