import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { sectionById } from '@/lib/sections';
import { AuditTab, CoverArtsTab, LyricsTab, TracksTab, UsersTab } from '../components/admin-tabs';
import { OverviewTab } from '../components/overview-tab';
import { ServicesSection } from '../components/services-section';
import { UserDetailDialog } from '../components/user-detail-dialog';
import { EarningsLedgerSection } from '../components/earnings-ledger-section';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'tracks', label: 'Tracks' },
  { value: 'cover-arts', label: 'Cover Arts' },
  { value: 'lyrics', label: 'Lyrics' },
  { value: 'earnings', label: 'Earnings' },
  { value: 'audit', label: 'Audit log' },
  { value: 'services', label: 'Services' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * The admin dashboard (spec §2): users, tracks and lyrics, each searched, sorted and paged on the
 * server with 'Export CSV'; a user's detail with membership and admin rights; the audit log; and
 * the services the tools run on. Users refresh every 10 s always, the other lists only while
 * their tab is shown (spec §9).
 */
export function AdminPage({ currentUserId }: { currentUserId?: number }) {
  const section = sectionById('admin');
  const [tab, setTab] = useState<Tab>('overview');
  const [openUser, setOpenUser] = useState<number | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0">
        <div className="overflow-x-auto">
          <TabsList className="min-w-max">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="whitespace-nowrap">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview">
          <OverviewTab active={tab === 'overview'} />
        </TabsContent>
        {/* The users list stays mounted so it keeps polling while another tab is shown. */}
        <TabsContent value="users" forceMount hidden={tab !== 'users'}>
          <UsersTab onOpenUser={setOpenUser} />
        </TabsContent>
        <TabsContent value="tracks">
          <TracksTab active={tab === 'tracks'} />
        </TabsContent>
        <TabsContent value="cover-arts">
          <CoverArtsTab active={tab === 'cover-arts'} />
        </TabsContent>
        <TabsContent value="lyrics">
          <LyricsTab active={tab === 'lyrics'} />
        </TabsContent>
        <TabsContent value="earnings">
          <EarningsLedgerSection />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab active={tab === 'audit'} />
        </TabsContent>
        <TabsContent value="services">
          <ServicesSection />
        </TabsContent>
      </Tabs>
      <UserDetailDialog userId={openUser} currentUserId={currentUserId} onClose={() => setOpenUser(null)} />
    </div>
  );
}
