import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** Formats an ISO date for people ("12 March 2026" in the reader's locale); '' when unparseable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** Seconds as m:ss (or h:mm:ss past an hour); '0:00' for missing or negative values. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
