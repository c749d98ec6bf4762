import { idParamSchema } from '@members-only/shared/conversations';
import { joinSnippets } from '@members-only/shared/lyrics';
import { FileQuestion, RotateCcw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
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
  /** Above the notepad: the song it is written for (issue 26), composed in by the route. */
  songBar?: (lyricsId: number | null) => ReactNode;
}

/** Navigation state of the address change that follows a new notepad's first save. */
export interface LyricsCreatedState {
  lyricsCreated: number;
}

/**
 * /lyrics and /lyrics/:id. Without an id the notepad is new: nothing is stored until the first
 * save, which creates the conversation, so a visit leaves no empty 'Lyrics Help' behind. The URL
 * then becomes /lyrics/:id without starting over.
 */
export function LyricsPage({ createConversation, songBar }: LyricsPageProps) {
  const section = sectionById('lyrics');
  const params = useParams();
  const navigate = useNavigate();
  // The query (?song=12) stays when the new notepad moves to its id.
  const { search } = useLocation();
  const parsed = params.id === undefined ? null : idParamSchema.safeParse({ id: params.id });
  const id = parsed === null ? null : parsed.success ? parsed.data.id : 'invalid';

  // The notepad that created a conversation stays mounted (same key) while the URL moves to its id.
  // Once it has arrived there, any other address ends it: /lyrics (the nav link) gets a fresh
  // notepad (a new generation), another id loads that one.
  const [created, setCreated] = useState<{ id: number; key: string; arrived: boolean } | null>(null);
  const [generation, setGeneration] = useState(0);
  if (created && id === created.id && !created.arrived) setCreated({ ...created, arrived: true });
  if (created && id !== created.id && (created.arrived || id !== null)) {
    setCreated(null);
    if (id === null) setGeneration((g) => g + 1);
  }
  const mine = created !== null && created.id === id;
  const key = mine ? created.key : id === null ? `new:${generation}` : `id:${String(id)}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-8">
      <PageHeader title="Lyric Assist" subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-6">
        {id !== 'invalid' ? songBar?.(id) : null}
        {id === 'invalid' ? (
          <LyricsNotFound />
        ) : id === null || mine ? (
          <LyricNotepad
            key={key}
            conversationId={id}
            initialText=""
            createConversation={createConversation}
            onConversationCreated={(newId) => {
              setCreated({ id: newId, key, arrived: false });
              const state: LyricsCreatedState = { lyricsCreated: newId };
              void navigate({ pathname: `/lyrics/${newId}`, search }, { replace: true, state });
            }}
          />
        ) : (
          <LyricsSession key={key} conversationId={id} />
        )}
      </div>
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
