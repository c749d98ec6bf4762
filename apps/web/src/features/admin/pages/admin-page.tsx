import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import { sectionById } from '@/lib/sections';
import { ServicesSection } from '../components/services-section';
import { EarningsLedgerSection } from '../components/earnings-ledger-section';

/** The admin dashboard: the installation's services now; the lists and CSV exports arrive with the admin API. */
export function AdminPage() {
  const section = sectionById('admin');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <ServicesSection />
      <EarningsLedgerSection />
      <ComingSoon title="Users, tracks, cover arts and lyrics">
        Lists of users, tracks, cover arts and lyrics, each with CSV export, will appear here.
      </ComingSoon>
    </div>
  );
}
