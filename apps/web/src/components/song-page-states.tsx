import type { LucideIcon } from 'lucide-react';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';

/** The frame of a page about one song (the song's page, its Booth): their width and padding. */
export function SongPageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">{children}</div>;
}

/** A page about one song opened by a link that leads to none (deleted, someone else's, a bad id). */
export function SongNotFound() {
  return (
    <SongPageFrame>
      <PageHeader title="Song not found" />
      <NotFoundState icon={FileQuestion} title="Song not found" description="It may have been deleted, or the link is wrong." actionLabel="See your songs" actionTo="/songs" />
    </SongPageFrame>
  );
}

/** A page about one song that could not load: its title, what failed, and a way to try again. */
export function SongLoadFailed({ title, icon, message, onRetry }: { title: string; icon?: LucideIcon; message: string; onRetry: () => void }) {
  return (
    <SongPageFrame>
      <PageHeader title={title} icon={icon} />
      <div className="mt-6">
        <LoadFailed message={message} onRetry={onRetry} />
      </div>
    </SongPageFrame>
  );
}
