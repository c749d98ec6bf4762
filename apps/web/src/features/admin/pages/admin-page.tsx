import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import { sectionById } from '@/lib/sections';

/** Admin dashboard stub; the lists and CSV exports arrive with the admin API. */
export function AdminPage() {
  const section = sectionById('admin');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <ComingSoon className="mt-8">
        Lists of users, tracks, cover arts and lyrics, each with CSV export, will appear here.
      </ComingSoon>
    </div>
  );
}
