import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { type ThemeChoice, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const OPTIONS: readonly { value: ThemeChoice; label: string; icon: LucideIcon }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/**
 * System / Light / Dark as a segmented control: native radio buttons (one Tab stop, arrow keys
 * choose), so screen readers announce "Theme, radio group, Dark, selected".
 */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { choice, setChoice } = useTheme();
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">Theme</legend>
      <div className="grid grid-cols-3 gap-0.5 rounded-lg border border-border bg-muted p-0.5">
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex h-7 cursor-pointer select-none items-center justify-center gap-1.5 rounded-md border border-transparent text-xs font-medium text-muted-foreground transition-colors',
              'hover:text-foreground',
              'has-checked:border-input has-checked:bg-card has-checked:text-foreground has-checked:shadow-xs',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              // Transparent over the whole segment: it takes the clicks and draws the focus ring.
              className="absolute -inset-px cursor-pointer appearance-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            />
            <Icon aria-hidden="true" className="size-3.5 shrink-0" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
