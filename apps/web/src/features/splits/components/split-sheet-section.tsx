import type { SplitSheet } from '@members-only/shared/splits';
import { Copy, Download, Link2, Pencil } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { copyText } from '@/lib/clipboard';
import { errorMessage } from '@/lib/api-client';
import {
  splitsPdfUrl,
  useCreateSplitInvite,
  useDeclineSplitSheet,
  useRevokeSplitInvite,
  useSaveSplitSheet,
  useSignSplitSheet,
  useSplitSheet,
} from '../api/splits';
import { ContentHash, formatWhen, ShareList, StatusBadge, type ShareLine } from './sheet-summary';
import { SignForm } from './sign-form';
import { meRow, rowsFromSheet, SplitSheetEditor, type Me } from './split-sheet-editor';

export interface SplitSheetSectionProps {
  songId: number;
  /** The signed-in member (to add themself to the sheet). */
  me: Me | null;
}

/** The song page's "Split sheet" section: who gets what share, who has signed, and the owner's editor. */
export function SplitSheetSection({ songId, me }: SplitSheetSectionProps) {
  const sheet = useSplitSheet(songId);
  const [editing, setEditing] = useState(false);
  const save = useSaveSplitSheet(songId);

  if (sheet.isPending) return null;
  if (sheet.isError) {
    return (
      <Frame>
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(sheet.error, 'The split sheet could not be loaded.')}
        </p>
      </Frame>
    );
  }
  const data = sheet.data;
  if (editing) {
    return (
      <Frame>
        <SplitSheetEditor
          me={me}
          sheet={data}
          initialRows={data ? rowsFromSheet(data) : me ? [meRow(me, '100.00')] : []}
          saving={save.isPending}
          saveError={save.error}
          onCancel={() => {
            save.reset();
            setEditing(false);
          }}
          onSave={async (input) => {
            const result = await save.mutateAsync(input);
            setEditing(false);
            toast({
              variant: 'success',
              title: result.changed ? 'Split sheet saved' : 'Nothing changed',
              description: result.signaturesVoided
                ? 'The signatures given so far no longer count: everyone signs again.'
                : result.changed
                  ? 'Everyone on the sheet can now sign it.'
                  : undefined,
            });
          }}
        />
      </Frame>
    );
  }
  if (data === null) {
    // No sheet yet; only the song's owner sees the song page, so this is the owner.
    return (
      <Frame>
        <p className="text-sm text-muted-foreground">
          A split sheet records who wrote and made this song and what share of the publishing and master each person gets. Everyone on it signs
          by typing their name; once all have signed, it is agreed.
        </p>
        <Button className="mt-3" onClick={() => setEditing(true)}>
          Start a split sheet
        </Button>
      </Frame>
    );
  }
  return (
    <Frame>
      <SheetView
        sheet={data}
        songId={songId}
        onEdit={() => {
          save.reset();
          setEditing(true);
        }}
      />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={id} data-testid="song-splits">
        <h2 id={id} className="mb-3 text-lg font-semibold tracking-tight">
          Split sheet
        </h2>
        {children}
      </section>
    </Card>
  );
}

function signatureState(c: SplitSheet['contributors'][number]) {
  const s = c.signature;
  if (s.state === 'signed' && s.signedAt) return <span>Signed{s.fullName ? ` as ${s.fullName}` : ''} on {formatWhen(s.signedAt)}</span>;
  if (s.state === 'declined')
    return (
      <span className="text-destructive-text">
        Declined{s.declinedAt ? ` on ${formatWhen(s.declinedAt)}` : ''}
        {s.declineReason ? `: “${s.declineReason}”` : ''}
      </span>
    );
  return <span className="text-muted-foreground">Waiting for signature</span>;
}

/** The sheet with its signatures, the PDF, and the reader's own signature form when their line is not signed. */
export function SheetView({ sheet, songId, onEdit }: { sheet: SplitSheet; songId: number; onEdit: () => void }) {
  const sign = useSignSplitSheet(songId);
  const decline = useDeclineSplitSheet(songId);
  const mine = sheet.contributors.find((c) => c.id === sheet.myContributorId);

  const lines: ShareLine[] = sheet.contributors.map((c) => ({
    key: c.id,
    name: c.id === sheet.myContributorId ? `${c.name} (you)` : c.name,
    roles: c.roles,
    publishingBps: c.publishingBps,
    masterBps: c.masterBps,
    state: signatureState(c),
    extra:
      sheet.canEdit && c.userId === null ? (
        <>
          {c.email ? <p className="text-xs text-muted-foreground break-all">{c.email}</p> : null}
          <InviteControls songId={songId} contributor={c} />
        </>
      ) : null,
  }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={sheet.status} />
        <span className="text-sm text-muted-foreground">Dated {sheet.date}</span>
      </div>
      <ShareList lines={lines} caption="Contributors and shares" />
      {sheet.statement ? <p className="text-sm whitespace-pre-line">{sheet.statement}</p> : null}
      <ContentHash hash={sheet.contentHash} />
      <div className="flex flex-wrap gap-2">
        <a href={splitsPdfUrl(songId)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" /> Download PDF
        </a>
        {sheet.canEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit split sheet
          </Button>
        ) : null}
      </div>
      {mine && mine.signature.state !== 'signed' ? (
        <div className="rounded-xl border border-border p-3">
          <h3 className="mb-2 font-medium">Your signature</h3>
          <SignForm
            declined={mine.signature.state === 'declined'}
            contentHash={sheet.contentHash}
            sign={sign}
            decline={decline}
          />
        </div>
      ) : null}
    </div>
  );
}

const INVITE_STATE: Record<string, string> = {
  none: 'No invitation link yet.',
  expired: 'The invitation link has expired.',
  revoked: 'The invitation link was revoked.',
};

function InviteControls({ songId, contributor }: { songId: number; contributor: SplitSheet['contributors'][number] }) {
  const create = useCreateSplitInvite(songId);
  const revoke = useRevokeSplitInvite(songId);
  const [url, setUrl] = useState<string | null>(null);
  const inputId = useId();
  const invite = contributor.invite ?? { state: 'none' as const, expiresAt: null };
  const error = create.error ?? revoke.error;
  const done = contributor.signature.state === 'signed';

  const copy = async (link: string) => {
    const ok = await copyText(link);
    toast(ok ? { title: 'Link copied', description: `Send it to ${contributor.name}.` } : { variant: 'destructive', title: 'Could not copy the link', description: 'Select it and copy it by hand.' });
  };

  return (
    <div className="mt-2 grid gap-2">
      <p className="text-xs text-muted-foreground">
        {invite.state === 'active' ? `Invitation link active until ${invite.expiresAt ? formatWhen(invite.expiresAt) : 'it is revoked'}.` : INVITE_STATE[invite.state]}
      </p>
      {url ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Invitation link for {contributor.name}
          </label>
          <Input id={inputId} readOnly value={url} className="h-8 min-w-0 flex-1 text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" size="sm" variant="secondary" onClick={() => void copy(url)}>
            <Copy aria-hidden="true" /> Copy link
          </Button>
        </div>
      ) : null}
      {done ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={create.isPending}
            onClick={() =>
              create.mutate(contributor.id, {
                onSuccess: (link) => {
                  setUrl(link.url);
                  void copy(link.url);
                },
              })
            }
          >
            <Link2 aria-hidden="true" /> {invite.state === 'active' ? `New invitation link for ${contributor.name}` : `Create invitation link for ${contributor.name}`}
          </Button>
          {invite.state === 'active' ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(contributor.id, { onSuccess: () => setUrl(null) })}
            >
              Revoke link for {contributor.name}
            </Button>
          ) : null}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errorMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
