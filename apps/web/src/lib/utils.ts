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
