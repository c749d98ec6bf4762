import { idParamSchema } from '@members-only/shared/conversations';
import { joinSnippets } from '@members-only/shared/lyrics';
import { FileQuestion, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { HttpError } from '@/lib/api-client';
import { sectionById } from '@/lib/sections';
import { useLyricSnippets } from '../api/get-lyric-snippets';
import { LyricNotepad } from '../components/lyric-notepad';

export interface LyricsPageProps {
  /** Creates a new 'lyrics' conversation (composed in by the route; features do not import each other). */
  createConversation: () => Promise<{ id: number }>;
}

/** /lyrics and /lyrics/:id. Without an id, a new lyrics conversation is created and opened. */
export function LyricsPage({ createConversation }: LyricsPageProps) {
  const section = sectionById('lyrics');
  const params = useParams();
  const parsed = params.id === undefined ? null : idParamSchema.safeParse({ id: params.id });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-8">
      <PageHeader title="Lyric Assist" subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-6">
        {parsed === null ? (
          <NewLyricsSession createConversation={createConversation} />
        ) : parsed.success ? (
          <LyricsSession key={parsed.data.id} conversationId={parsed.data.id} />
        ) : (
          <LyricsNotFound />
        )}
      </div>
    </div>
  );
}

function NewLyricsSession({ createConversation }: LyricsPageProps) {
  const navigate = useNavigate();
  const pending = useRef<Promise<{ id: number }> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    // One conversation per visit, even when effects run twice (StrictMode in development).
    pending.current ??= createConversation();
    pending.current.then(
      (conversation) => {
        if (active) void navigate(`/lyrics/${conversation.id}`, { replace: true });
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, createConversation, navigate]);

  if (failed) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border bg-card/60 p-6">
        <p className="text-sm text-muted-foreground">Your lyric notepad could not be created.</p>
        <Button
          variant="outline"
          onClick={() => {
            pending.current = null;
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner /> Opening a new notepad…
    </div>
  );
}

function LyricsSession({ conversationId }: { conversationId: number }) {
  const snippets = useLyricSnippets(conversationId);
  const notFound = snippets.error instanceof HttpError && snippets.error.status === 404;
  const failed = snippets.isError && !notFound;

  useEffect(() => {
    if (failed) toast({ title: 'Failed to load lyrics', description: 'Could not load your saved lyrics. Please try again.', variant: 'destructive' });
  }, [failed]);

  if (snippets.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading your lyrics…
      </div>
    );
  }
  if (notFound) return <LyricsNotFound />;
  if (snippets.isError) {
    // No notepad until the saved text is known: saving over lyrics that failed to load would erase them.
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border bg-card/60 p-6">
        <p className="text-sm text-muted-foreground">Could not load your saved lyrics.</p>
        <Button variant="outline" onClick={() => void snippets.refetch()}>
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }
  return <LyricNotepad conversationId={conversationId} initialText={joinSnippets(snippets.data)} />;
}

function LyricsNotFound() {
  return (
    <NotFoundState
      icon={FileQuestion}
      title="Lyrics not found"
      description="They may have been deleted, or the link is wrong."
      actionLabel="Start a new notepad"
      actionTo="/lyrics"
    />
  );
}
