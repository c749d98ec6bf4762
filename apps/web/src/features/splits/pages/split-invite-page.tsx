import { APP_NAME } from '@members-only/shared/constants';
import type { SplitDeclineInput, SplitSignInput } from '@members-only/shared/splits';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Logo } from '@/components/logo';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, HttpError } from '@/lib/api-client';
import { useInviteAnswer, useSplitInvite } from '../api/splits';
import { ContentHash, formatWhen, ShareList, StatusBadge, type ShareLine } from '../components/sheet-summary';
import { SignForm } from '../components/sign-form';

/** What a link that does not work says, by the server's answer. */
export function inviteProblem(error: unknown): { title: string; text: string } {
  if (error instanceof HttpError && error.status === 410) {
    return { title: 'This invitation link has expired', text: 'Ask the person who sent it to you for a new link.' };
  }
  if (error instanceof HttpError && (error.status === 404 || error.status === 400)) {
    return {
      title: 'This invitation link does not work',
      text: 'It may have been typed wrongly, replaced by a newer link, or revoked. Ask the person who sent it to you for a new one.',
    };
  }
  return { title: 'The split sheet could not be loaded', text: errorMessage(error) };
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <title>{`Split sheet · ${APP_NAME}`}</title>
      <div className="mx-auto flex min-h-dvh max-w-3xl flex-col px-4 py-8 sm:px-8">
        <header className="self-start">
          <Link to="/" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <Logo />
          </Link>
        </header>
        <main className="flex flex-1 flex-col py-8">{children}</main>
      </div>
    </div>
  );
}

/** /split-invite/:token — public: an invited person reads one split sheet and signs or declines it. */
export function SplitInvitePage() {
  const { token = '' } = useParams();
  const page = useSplitInvite(token);
  const sign = useInviteAnswer<SplitSignInput>(token, 'sign');
  const decline = useInviteAnswer<SplitDeclineInput>(token, 'decline');

  if (page.isPending) return <PageSpinner />;
  if (page.isError) {
    const problem = inviteProblem(page.error);
    return (
      <Shell>
        <Card className="p-6">
          <h1 className="text-xl font-semibold tracking-tight">{problem.title}</h1>
          <p role="alert" className="mt-2 text-sm text-muted-foreground">
            {problem.text}
          </p>
        </Card>
      </Shell>
    );
  }
  const sheet = page.data;
  const you = sheet.contributors.find((c) => c.you);
  const lines: ShareLine[] = sheet.contributors.map((c, i) => ({
    key: i,
    name: c.you ? `${c.name} (you)` : c.name,
    roles: c.roles,
    publishingBps: c.publishingBps,
    masterBps: c.masterBps,
    state:
      c.state === 'signed' ? (
        <span>Signed{c.signedAt ? ` on ${formatWhen(c.signedAt)}` : ''}</span>
      ) : c.state === 'declined' ? (
        <span className="text-destructive-text">Declined</span>
      ) : (
        <span className="text-muted-foreground">Waiting for signature</span>
      ),
  }));

  return (
    <Shell>
      <div className="grid gap-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight break-words">Split sheet for “{sheet.title}”</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {sheet.owner} asks you to confirm the shares of this song. Dated {sheet.date}
            {sheet.isrc ? ` · ISRC ${sheet.isrc}` : ''}.
          </p>
          <div className="mt-2">
            <StatusBadge status={sheet.status} />
          </div>
        </div>
        <Card className="p-5">
          <section aria-labelledby="split-invite-shares" className="grid gap-4">
            <h2 id="split-invite-shares" className="text-lg font-semibold tracking-tight">
              Contributors and shares
            </h2>
            <ShareList lines={lines} caption="Contributors and shares" />
            {sheet.statement ? <p className="text-sm whitespace-pre-line">{sheet.statement}</p> : null}
            <ContentHash hash={sheet.contentHash} />
          </section>
        </Card>
        <Card className="p-5">
          <section aria-labelledby="split-invite-answer">
            <h2 id="split-invite-answer" className="mb-3 text-lg font-semibold tracking-tight">
              Your answer
            </h2>
            {you?.state === 'signed' ? (
              <p role="status" className="text-sm">
                You signed this split sheet{you.signedAt ? ` on ${formatWhen(you.signedAt)}` : ''}. Thank you — nothing more to do.
              </p>
            ) : (
              <>
                {you?.state === 'declined' ? (
                  <p role="status" className="mb-3 text-sm">
                    You declined this split sheet.
                  </p>
                ) : null}
                <SignForm
                  declined={you?.state === 'declined'}
                  contentHash={sheet.contentHash}
                  sign={sign}
                  decline={decline}
                />
              </>
            )}
            <p className="mt-4 text-xs text-muted-foreground">This link works until {formatWhen(sheet.expiresAt)}.</p>
          </section>
        </Card>
      </div>
    </Shell>
  );
}
