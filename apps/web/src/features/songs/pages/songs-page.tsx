import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SONG_SEARCH_DELAY_MS } from '@/lib/api/songs';
import { sectionById } from '@/lib/sections';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SongList } from '../components/song-list';

export interface SongsPageProps {
  /** The upload area (tracks feature, composed in app/routes): a new upload starts a new song. */
  upload: ReactNode;
}

/** /songs: every song of the artist, searchable, and an upload that starts a new one. */
export function SongsPage({ upload }: SongsPageProps) {
  const section = sectionById('songs');
  const headingId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SONG_SEARCH_DELAY_MS);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <Card className="p-5">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id={headingId} className="text-lg font-semibold tracking-tight">
              Your Songs
            </h2>
            <SongSearch value={search} onChange={setSearch} />
          </div>
          <SongList q={q} labelledBy={headingId} />
        </Card>
        <div className="order-first grid gap-3 lg:order-none">{upload}</div>
      </div>
    </div>
  );
}

export function SongSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full sm:w-64">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" aria-label="Search songs" placeholder="Search songs" value={value} maxLength={100} onChange={(e) => onChange(e.target.value)} className="pl-9" />
    </div>
  );
}

/** Home's section: the newest songs, a search, and the way to all of them. */
export function HomeSongs() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SONG_SEARCH_DELAY_MS);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Your Songs
        </h2>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <SongSearch value={search} onChange={setSearch} />
          <Link to="/songs" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            All songs
          </Link>
        </div>
      </div>
      <SongList q={q} limit={4} labelledBy={headingId} emptyText="No songs yet. Upload a track on Songs, Song Review or Cover Art to start one." />
    </section>
  );
}
