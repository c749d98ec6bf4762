import type { SplitStatus } from '@members-only/shared/splits';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatPercent } from '../lib/shares';

export const STATUS_LABEL: Record<SplitStatus, string> = {
  draft: 'Draft',
  awaiting_signatures: 'Awaiting signatures',
  agreed: 'Agreed',
};

export const ROLE_LABEL: Record<string, string> = {
  writer: 'Writer',
  composer: 'Composer',
  producer: 'Producer',
  performer: 'Performer',
  featured: 'Featured artist',
  engineer: 'Engineer',
  publisher: 'Publisher',
  other: 'Other',
};

export const roleList = (roles: readonly string[]) => roles.map((r) => ROLE_LABEL[r] ?? r).join(', ');

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function StatusBadge({ status }: { status: SplitStatus }) {
  return <Badge variant={status === 'agreed' ? 'default' : status === 'draft' ? 'outline' : 'soft'}>{STATUS_LABEL[status]}</Badge>;
}

/** The sheet's fingerprint: short, the whole of it on hover and for screen readers. */
export function ContentHash({ hash }: { hash: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      Sheet fingerprint:{' '}
      <code title={hash} aria-label={hash} className="rounded bg-muted px-1 py-0.5 font-mono text-foreground">
        {hash.slice(0, 12)}…
      </code>
    </p>
  );
}

export interface ShareLine {
  key: string | number;
  name: string;
  roles: readonly string[];
  publishingBps: number;
  masterBps: number;
  /** What this person's signature stands at, in words, and anything to add (buttons). */
  state: ReactNode;
  extra?: ReactNode;
}

/** The contributors and their shares: a list of cards, so it reads at 390px as well as wide. */
export function ShareList({ lines, caption }: { lines: readonly ShareLine[]; caption: string }) {
  return (
    <ul aria-label={caption} className="grid gap-3">
      {lines.map((line) => (
        <li key={line.key} className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <div className="min-w-0">
            <p className="font-medium break-words">{line.name}</p>
            <p className="text-sm text-muted-foreground">{roleList(line.roles)}</p>
            <div className="mt-1 text-sm">{line.state}</div>
            {line.extra}
          </div>
          <dl className="grid grid-cols-2 gap-x-4 text-sm sm:text-right">
            <div>
              <dt className="text-muted-foreground">Publishing</dt>
              <dd className="font-medium tabular-nums">{formatPercent(line.publishingBps)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Master</dt>
              <dd className="font-medium tabular-nums">{formatPercent(line.masterBps)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
