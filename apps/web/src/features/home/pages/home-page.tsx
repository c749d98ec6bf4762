import type { ConversationCategory } from '@members-only/shared/constants';
import type { QuotaKind } from '@members-only/shared/quotas';
import { AudioWaveform, Crown, Headphones, ImagePlus, Megaphone, MessagesSquare, PenLine, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { useQuotas } from '@/lib/api/get-quotas';
import { quotaUsageText } from '@/lib/quota-text';
import { cn } from '@/lib/utils';
import { ToolCard } from '../components/tool-card';

interface Card {
  /** A tool opened fresh, or a page of its own (Payouts). */
  open: { category: ConversationCategory } | { path: string };
  title: string;
  description: string;
  cta: string;
  icon: LucideIcon;
  /** The daily quota the tool spends, when it has one. */
  quota?: QuotaKind;
}

/** Every tool of the navigation (issue 24: Studio and Payouts too). */
export const TOOL_CARDS: Card[] = [
  { open: { category: 'chat' }, title: 'AI Chat', description: 'Ask about production, your career and the music industry.', cta: 'Start Chatting', icon: MessagesSquare, quota: 'chat' },
  { open: { category: 'lyrics' }, title: 'Lyric Assist', description: 'Write in a notepad with next-line ideas and scored feedback.', cta: 'Write Lyrics', icon: PenLine, quota: 'lyrics' },
  { open: { category: 'coverart' }, title: 'Cover Art', description: 'Cover art drawn from your track and its title.', cta: 'Design Cover', icon: ImagePlus, quota: 'cover' },
  { open: { category: 'marketing' }, title: 'Marketing Plan', description: 'Get a release and promotion plan built around your song.', cta: 'Create Plan', icon: Megaphone, quota: 'marketing' },
  { open: { category: 'review' }, title: 'Song Review', description: 'Scores for flow, lyrics and more, with written notes.', cta: 'Get Feedback', icon: Headphones, quota: 'review' },
  { open: { category: 'studio' }, title: 'Studio', description: 'Beats in nine styles, with stems and MIDI to download.', cta: 'Make a Beat', icon: AudioWaveform, quota: 'beat' },
  { open: { path: '/payouts' }, title: 'Payouts', description: 'Where your royalties are paid, and your earnings statement.', cta: 'Open Payouts', icon: Wallet },
];

interface HomePageProps {
  /** Opens the tool; its conversation is created by the first message or save there. */
  onStartTool: (category: ConversationCategory) => void;
  /** Opens a page that is not a tool conversation (Payouts). */
  onOpenPath: (path: string) => void;
  isPremium: boolean;
  /** The artist's songs (issue 26), composed in by the route (features do not import each other). */
  songs?: ReactNode;
}

export function HomePage({ onStartTool, onOpenPath, isPremium, songs }: HomePageProps) {
  const quotas = useQuotas().data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <PageHeader title="Your Artist Tools" subtitle="Select a tool to enhance your creative process" />
      {/* Issue 26: the song at the centre; the newest songs come before the tools. */}
      {songs ? <div className="mt-8">{songs}</div> : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tools">
        {TOOL_CARDS.map((card) => (
          <li key={card.title}>
            <ToolCard
              title={card.title}
              description={card.description}
              cta={card.cta}
              icon={card.icon}
              onSelect={() => ('category' in card.open ? onStartTool(card.open.category) : onOpenPath(card.open.path))}
              usage={card.quota ? <Usage kind={card.quota} quotas={quotas} /> : undefined}
            />
          </li>
        ))}
        <li>
          <PremiumCard isPremium={isPremium} />
        </li>
      </ul>
    </div>
  );
}

/** Today's use of the tool against its limit; nothing while the quotas load or cannot be read. */
function Usage({ kind, quotas }: { kind: QuotaKind; quotas: ReturnType<typeof useQuotas>['data'] }) {
  const quota = quotas?.quotas[kind];
  if (!quota) return null;
  const exhausted = quota.limit === 0 || quota.used >= quota.limit;
  return (
    <span className={cn('mt-3 text-xs', exhausted ? 'font-medium text-foreground' : 'text-muted-foreground')} data-testid={`home-quota-${kind}`}>
      {quotaUsageText(quota)}
    </span>
  );
}

function PremiumCard({ isPremium }: { isPremium: boolean }) {
  return (
    <section
      aria-labelledby="premium-card-title"
      className="flex h-full flex-col items-start rounded-2xl bg-gradient-to-br from-hero-from to-hero-to p-6 shadow-sm"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-background/70">
        <Crown aria-hidden="true" className="size-6" />
      </span>
      <h2 id="premium-card-title" className="mt-5 text-lg font-semibold tracking-tight">
        {isPremium ? 'You’re a member' : 'Premium membership'}
      </h2>
      <p className="mt-1 flex-1 text-sm opacity-85">
        {isPremium
          ? 'Your membership gives you higher generation limits for beats, cover art, reviews and marketing plans.'
          : 'Members get higher generation limits for beats, cover art, reviews and marketing plans.'}
      </p>
      <Link to={isPremium ? '/membership' : '/invitation'} className={cn(buttonVariants({ variant: 'default' }), 'mt-6')}>
        {isPremium ? 'Membership details' : 'See membership'}
      </Link>
    </section>
  );
}
