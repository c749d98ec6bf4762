import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AdminCoverArtRow, AdminLyricRow, AdminTrackRow, AdminUserRow, AuditEvent, MembershipStatus } from '@members-only/shared';
import { AUDIT_ACTIONS, membershipStatusSchema } from '@members-only/shared';
import { describePaymentMethod, type AccountType, type CardType, type PaymentMethodType } from '@members-only/shared/payouts';
import { toIso } from '../db/index';
import type { AuditEventRow } from '../db/types';
import type { AdminCoverArtListRow, AdminLyricListRow, AdminTrackListRow, AdminUserListRow } from '../repositories/admin-list.repository';
import { coverImageUrl } from './cover-art.presenter';
import { neutralizeCell } from './csv-cell';

const status = (value: string): MembershipStatus => (membershipStatusSchema.safeParse(value).data ?? 'free');
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function presentAdminUser(row: AdminUserListRow): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    isAdmin: Boolean(row.is_admin),
    isPremium: Boolean(row.is_premium),
    membershipStatus: status(row.membership_status),
    trackCount: Number(row.track_count ?? 0),
    recentTrackFilename: row.recent_track_name,
    hasPaymentMethod: (row.payment_methods ?? []).length > 0,
    paymentMethodCount: (row.payment_methods ?? []).length,
    paymentMethods: (row.payment_methods ?? [])
      .map((m) => {
        const text = describePaymentMethod({
          type: m.type as PaymentMethodType,
          last4: m.last4,
          cardType: m.card_type as CardType | null,
          accountType: m.account_type as AccountType | null,
        });
        return m.is_default ? `${text} (default)` : text;
      })
      .join('; '),
    createdAt: toIso(row.created_at),
  };
}

export function presentAdminTrack(row: AdminTrackListRow): AdminTrackRow {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    phoneNumber: row.phone_number,
    filename: row.filename,
    originalName: row.original_name,
    title: row.title,
    duration: num(row.duration),
    audioUrl: `/uploads/tracks/${encodeURIComponent(row.filename)}`,
    createdAt: toIso(row.created_at),
  };
}

export function presentAdminCoverArt(row: AdminCoverArtListRow): AdminCoverArtRow {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    title: row.title,
    prompt: row.prompt,
    trackId: row.track_id,
    imageUrl: coverImageUrl(row.id),
    createdAt: toIso(row.created_at),
  };
}

export function presentAdminLyric(row: AdminLyricListRow): AdminLyricRow {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    conversationId: row.conversation_id,
    content: row.content,
    position: Number(row.position),
    createdAt: toIso(row.created_at),
  };
}

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  const action = (AUDIT_ACTIONS as readonly string[]).includes(row.action) ? (row.action as AuditEvent['action']) : 'export';
  return {
    id: row.id,
    actor: row.actor,
    action,
    subject: row.subject,
    rowCount: num(row.row_count),
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    currency: row.currency,
    detail: row.detail,
    createdAt: toIso(row.created_at),
  };
}

export { neutralizeCell };

/** Columns of each export: header and the value from the presented row. */
export const EXPORT_COLUMNS = {
  users: [
    ['id', (r: AdminUserRow) => r.id],
    ['username', (r: AdminUserRow) => r.username],
    ['email', (r: AdminUserRow) => r.email],
    ['phoneNumber', (r: AdminUserRow) => r.phoneNumber],
    ['isAdmin', (r: AdminUserRow) => r.isAdmin],
    ['isPremium', (r: AdminUserRow) => r.isPremium],
    ['membershipStatus', (r: AdminUserRow) => r.membershipStatus],
    ['trackCount', (r: AdminUserRow) => r.trackCount],
    ['recentTrackFilename', (r: AdminUserRow) => r.recentTrackFilename],
    ['paymentMethodCount', (r: AdminUserRow) => r.paymentMethodCount],
    ['paymentMethods', (r: AdminUserRow) => r.paymentMethods],
    ['createdAt', (r: AdminUserRow) => r.createdAt],
  ],
  tracks: [
    ['id', (r: AdminTrackRow) => r.id],
    ['userId', (r: AdminTrackRow) => r.userId],
    ['username', (r: AdminTrackRow) => r.username],
    ['phoneNumber', (r: AdminTrackRow) => r.phoneNumber],
    ['filename', (r: AdminTrackRow) => r.filename],
    ['originalName', (r: AdminTrackRow) => r.originalName],
    ['duration', (r: AdminTrackRow) => r.duration],
    ['createdAt', (r: AdminTrackRow) => r.createdAt],
  ],
  'cover-arts': [
    ['id', (r: AdminCoverArtRow) => r.id],
    ['userId', (r: AdminCoverArtRow) => r.userId],
    ['username', (r: AdminCoverArtRow) => r.username],
    ['title', (r: AdminCoverArtRow) => r.title],
    ['prompt', (r: AdminCoverArtRow) => r.prompt],
    ['trackId', (r: AdminCoverArtRow) => r.trackId],
    ['createdAt', (r: AdminCoverArtRow) => r.createdAt],
  ],
  lyrics: [
    ['id', (r: AdminLyricRow) => r.id],
    ['userId', (r: AdminLyricRow) => r.userId],
    ['username', (r: AdminLyricRow) => r.username],
    ['conversationId', (r: AdminLyricRow) => r.conversationId],
    ['content', (r: AdminLyricRow) => r.content],
    ['position', (r: AdminLyricRow) => r.position],
    ['createdAt', (r: AdminLyricRow) => r.createdAt],
  ],
} as const;

/**
 * A CSV stream (header row first) of presented rows read batch by batch: nothing holds the whole
 * table. `onEnd(count)` runs once every row has been written.
 */
export function csvStream<R, P>(
  batches: AsyncIterable<R[]>,
  present: (row: R) => P,
  columns: readonly (readonly [string, (row: P) => unknown])[],
  onEnd: (count: number) => Promise<void>,
): Readable {
  let count = 0;
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) {
        const presented = present(row);
        count++;
        yield columns.map(([, value]) => neutralizeCell(value(presented)));
      }
    }
    await onEnd(count);
  }
  const csv = stringify({ header: true, columns: columns.map(([name]) => name), bom: false });
  Readable.from(records()).on('error', (error) => csv.destroy(error)).pipe(csv);
  return csv;
}
