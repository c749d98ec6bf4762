import type { MySplitSheet } from '@members-only/shared/splits';
import { ArrowLeft, FileSignature } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { HttpError } from '@/lib/api-client';
import { useMySplitSheets, useSplitSheet } from '../api/splits';
import { SheetView } from '../components/split-sheet-section';
import { StatusBadge } from '../components/sheet-summary';

const MY_STATE: Record<NonNullable<MySplitSheet['myState']>, string> = {
  unsigned: 'Waiting for your signature',
  signed: 'You signed',
  declined: 'You declined',
};

function Page({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8">
      <title>{title}</title>
      <PageHeader title={title} subtitle={subtitle} icon={FileSignature} />
      <div className="mt-6 grid gap-6">{children}</div>
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner /> Loading {what}…
    </div>
  );
}

function SignInNeeded() {
  return (
    <Card className="p-5">
      <p className="text-sm">
        Sign in to see your split sheets.{' '}
        <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </Card>
  );
}

/** /splits — the split sheets of your songs and the ones other artists put you on, with where your signature stands. */
export function MySplitsPage() {
  const sheets = useMySplitSheets();
  return (
    <Page title="Split sheets" subtitle="The sheets of your songs, and the ones other artists put you on to sign.">
      {sheets.isPending ? (
        <Loading what="your split sheets" />
      ) : sheets.isError ? (
        sheets.error instanceof HttpError && sheets.error.status === 401 ? (
          <SignInNeeded />
        ) : (
          <LoadFailed message="Your split sheets could not be loaded. Please try again." onRetry={() => void sheets.refetch()} />
        )
      ) : sheets.data.length === 0 ? (
        <Card className="p-5">
          <p className="text-sm text-muted-foreground">
            You are on no split sheet yet. When another artist adds you to the sheet of a song, it shows here for you to sign.
          </p>
        </Card>
      ) : (
        <ul aria-label="Your split sheets" className="grid gap-3">
          {sheets.data.map((s) => (
            <li key={s.songId}>
              <Card className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <div className="min-w-0">
                  <Link to={`/splits/${s.songId}`} className="font-medium break-words text-primary underline-offset-4 hover:underline">
                    {s.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">{s.isOwner ? 'Your song' : `A song by ${s.owner}`}</p>
                  {s.myState ? (
                    <p className={s.myState === 'unsigned' ? 'text-sm font-medium' : s.myState === 'declined' ? 'text-sm text-destructive-text' : 'text-sm'}>
                      {MY_STATE[s.myState]}
                    </p>
                  ) : null}
                </div>
                <div>
                  <StatusBadge status={s.status} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** /splits/:songId — one sheet you are on (or own): read it, sign or decline your line. */
export function MemberSplitPage() {
  const { songId: param = '' } = useParams();
  const songId = /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : 0;
  const sheet = useSplitSheet(songId);
  const navigate = useNavigate();
  const back = (
    <Link to="/splits" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> All split sheets
    </Link>
  );
  const title = sheet.data ? `Split sheet for “${sheet.data.title}”` : 'Split sheet';
  return (
    <Page title={title}>
      {back}
      {songId === 0 ? (
        <NotFound />
      ) : sheet.isPending ? (
        <Loading what="the split sheet" />
      ) : sheet.isError ? (
        sheet.error instanceof HttpError && sheet.error.status === 401 ? (
          <SignInNeeded />
        ) : (
          <LoadFailed message="The split sheet could not be loaded. Please try again." onRetry={() => void sheet.refetch()} />
        )
      ) : sheet.data === null ? (
        <NotFound />
      ) : (
        <Card className="p-5">
          <section aria-labelledby="member-split-sheet">
            <h2 id="member-split-sheet" className="mb-3 text-lg font-semibold tracking-tight">
              Contributors and shares
            </h2>
            <SheetView sheet={sheet.data} songId={songId} onEdit={() => void navigate(`/songs/${songId}`)} />
          </section>
        </Card>
      )}
    </Page>
  );
}

function NotFound() {
  return (
    <Card className="p-5">
      <p role="alert" className="text-sm">
        There is no split sheet here for you. It may have been removed, or you are no longer on it.
      </p>
    </Card>
  );
}
