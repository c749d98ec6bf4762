import { formatMoney } from '@members-only/shared/payouts';
import type { AdminCoverArtRow, AdminLyricRow, AdminTrackRow, AdminUserRow, AuditEvent } from '@members-only/shared/admin';
import { Headphones } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDuration } from '@/lib/utils';
import { useAdminList, useAuditLog, type AdminListName, type AdminListRow } from '../api/admin-lists';
import { DEFAULT_PARAMS, type ListParams } from '../lib/list-params';
import { AdminList, type AdminListProps, type Column } from './admin-list';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

export function PlanBadge({ user }: { user: Pick<AdminUserRow, 'isPremium' | 'membershipStatus'> }) {
  const premium = user.isPremium || ['active', 'canceling', 'past_due'].includes(user.membershipStatus);
  return premium ? <Badge>Premium</Badge> : <Badge variant="outline">Free</Badge>;
}

function ListenLink({ track }: { track: Pick<AdminTrackRow, 'audioUrl' | 'originalName'> }) {
  return (
    <a
      href={track.audioUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary-soft-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Headphones aria-hidden="true" className="size-4" /> Listen<span className="sr-only"> to {track.originalName}</span>
    </a>
  );
}

/** One paged, searchable list of the dashboard, holding its own page, search and sort. */
function ListTab<L extends AdminListName>({ list, poll, ...props }: Omit<AdminListProps<AdminListRow<L>>, 'list' | 'params' | 'onParams' | 'query'> & { list: L; poll: boolean }) {
  const [params, setParams] = useState<ListParams>(DEFAULT_PARAMS);
  const query = useAdminList(list, params, poll);
  return <AdminList<AdminListRow<L>> list={list} params={params} onParams={setParams} query={query} {...props} />;
}

export function UsersTab({ onOpenUser }: { onOpenUser: (id: number) => void }) {
  const columns: Column<AdminUserRow>[] = [
    {
      header: 'Username',
      sort: 'username',
      cell: (u) => (
        <button
          type="button"
          onClick={() => onOpenUser(u.id)}
          className="font-semibold text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {u.username}
        </button>
      ),
    },
    { header: 'E-mail', sort: 'email', cell: (u) => <span className="[overflow-wrap:anywhere]">{u.email}</span>, className: 'min-w-48' },
    { header: 'Phone', cell: (u) => u.phoneNumber ?? <span className="text-muted-foreground">—</span>, className: 'whitespace-nowrap' },
    {
      header: 'Plan',
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          <PlanBadge user={u} />
          {u.isAdmin ? <Badge variant="secondary">Admin</Badge> : null}
        </span>
      ),
    },
    {
      header: 'Payout methods',
      cell: (u) =>
        u.hasPaymentMethod ? (
          <span title={u.paymentMethods}>
            <span className="tabular-nums">{u.paymentMethodCount}</span>
            <span className="block max-w-56 text-xs text-muted-foreground">{u.paymentMethods}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    { header: 'Tracks', cell: (u) => <span className="tabular-nums">{u.trackCount}</span>, className: 'text-right' },
    { header: 'Latest track', cell: (u) => u.recentTrackFilename ?? <span className="text-muted-foreground">—</span> },
    { header: 'Joined', sort: 'createdAt', cell: (u) => formatDate(u.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <ListTab
      list="users"
      poll={true}
      label="Users"
      searchPlaceholder="Username, e-mail or phone"
      columns={columns}
      emptyText="No users found"
    />
  );
}

export function TracksTab({ active }: { active: boolean }) {
  const columns: Column<AdminTrackRow>[] = [
    { header: 'Track', sort: 'originalName', cell: (t) => <span className="font-medium">{t.originalName}</span> },
    { header: 'Artist', sort: 'username', cell: (t) => t.username },
    { header: 'Phone', cell: (t) => t.phoneNumber ?? <span className="text-muted-foreground">—</span>, className: 'whitespace-nowrap' },
    { header: 'Length', sort: 'duration', cell: (t) => (t.duration === null ? '—' : formatDuration(t.duration)), className: 'tabular-nums' },
    { header: 'Uploaded', sort: 'createdAt', cell: (t) => when(t.createdAt) },
    { header: 'Audio', cell: (t) => <ListenLink track={t} /> },
  ];
  return (
    <ListTab
      list="tracks"
      poll={active}
      label="Tracks"
      searchPlaceholder="File name, title, artist or phone"
      columns={columns}
      emptyText="No tracks found"
    />
  );
}

export function CoverArtsTab({ active }: { active: boolean }) {
  const columns: Column<AdminCoverArtRow>[] = [
    {
      header: 'Cover',
      cell: (c) => (
        <a href={c.imageUrl} target="_blank" rel="noopener noreferrer" className="block size-14 overflow-hidden rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring">
          <img src={c.imageUrl} alt={`Cover for ${c.title}`} loading="lazy" width={56} height={56} className="size-full object-cover" />
        </a>
      ),
    },
    { header: 'Title', cell: (c) => <span className="font-medium">{c.title}</span> },
    { header: 'Artist', cell: (c) => c.username },
    { header: 'Prompt', cell: (c) => <p className="line-clamp-2 max-w-md text-muted-foreground">{c.prompt}</p> },
    { header: 'Track', cell: (c) => (c.trackId === null ? '—' : <span className="tabular-nums">#{c.trackId}</span>) },
    { header: 'Made', sort: 'createdAt', cell: (c) => when(c.createdAt) },
  ];
  return (
    <ListTab
      list="cover-arts"
      poll={active}
      label="Cover arts"
      searchPlaceholder="Title, prompt or artist"
      columns={columns}
      emptyText="No cover arts found"
    />
  );
}

export function LyricsTab({ active }: { active: boolean }) {
  const columns: Column<AdminLyricRow>[] = [
    { header: 'Lyric', cell: (l) => <p className="line-clamp-3 max-w-prose whitespace-pre-line">{l.content}</p> },
    { header: 'Artist', cell: (l) => l.username },
    { header: 'Notepad', cell: (l) => <span className="tabular-nums">#{l.conversationId}</span> },
    { header: 'Position', sort: 'position', cell: (l) => <span className="tabular-nums">{l.position}</span> },
    { header: 'Saved', sort: 'createdAt', cell: (l) => when(l.createdAt) },
  ];
  return (
    <ListTab
      list="lyrics"
      poll={active}
      label="Lyrics"
      searchPlaceholder="Words in the lyric, or the artist"
      columns={columns}
      emptyText="No lyrics found"
    />
  );
}

/** "Exported users (10 rows)", "Granted Premium to mcflow", "Recorded earnings: Spotify · 2026-09"… */
export function describeAuditEvent(event: Pick<AuditEvent, 'action' | 'subject' | 'rowCount'> & Partial<Pick<AuditEvent, 'detail'>>): string {
  const detail = event.detail ? `: ${event.detail}` : '';
  switch (event.action) {
    case 'export':
      return `Exported ${event.subject} (${event.rowCount ?? 0} ${event.rowCount === 1 ? 'row' : 'rows'})`;
    case 'grant-admin':
      return `Made ${event.subject} an admin`;
    case 'revoke-admin':
      return `Removed admin rights from ${event.subject}`;
    case 'grant-premium':
      return `Granted Premium to ${event.subject}`;
    case 'revoke-premium':
      return `Took Premium from ${event.subject}`;
    case 'ledger-earning':
      return `Recorded earnings${detail}`;
    case 'ledger-import':
      return `Imported a statement (${event.rowCount ?? 0} ${event.rowCount === 1 ? 'row' : 'rows'})${detail}`;
    case 'ledger-payout':
      return `Recorded a payout${event.detail ? ` ${event.detail}` : ''}`;
    case 'ledger-paid':
      return `Marked a payout paid${event.detail ? ` ${event.detail}` : ''}`;
    case 'ledger-reversal':
      return event.detail ?? 'Reversed an entry';
  }
}

/** The artist a ledger event or a role change concerns (an export concerns a list, not an artist). */
const auditArtist = (e: AuditEvent) => (e.action === 'export' ? '' : e.subject);

export function AuditTab({ active }: { active: boolean }) {
  const [params, setParams] = useState<ListParams>(DEFAULT_PARAMS);
  const query = useAuditLog({ limit: params.limit, offset: params.offset }, { active });
  const columns: Column<AuditEvent>[] = [
    { header: 'When', cell: (e) => when(e.createdAt), className: 'whitespace-nowrap' },
    { header: 'Who', cell: (e) => e.actor },
    { header: 'What', cell: (e) => describeAuditEvent(e) },
    { header: 'Artist', cell: (e) => auditArtist(e) },
    {
      header: 'Amount',
      cell: (e) => (e.amountMinor !== null && e.currency ? formatMoney(e.amountMinor, e.currency) : ''),
      className: 'whitespace-nowrap text-right tabular-nums',
    },
  ];
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Every export, every change of admin rights or membership, and every earning, statement import, payout, payment and correction in the earnings ledger, newest first.
      </p>
      <AdminListNoSearch columns={columns} params={params} onParams={setParams} query={query} />
    </div>
  );
}

function AdminListNoSearch({
  columns,
  params,
  onParams,
  query,
}: {
  columns: Column<AuditEvent>[];
  params: ListParams;
  onParams: (p: ListParams) => void;
  query: ReturnType<typeof useAuditLog>;
}) {
  return (
    <AdminList
      list="audit"
      label="Audit log"
      searchPlaceholder=""
      columns={columns}
      params={params}
      onParams={onParams}
      query={query}
      emptyText="Nothing recorded yet"
      exportable={false}
      searchable={false}
    />
  );
}
