import type { ToolType } from '@members-only/shared/constants';
import { Crown, Headphones, ImagePlus, Megaphone, MessagesSquare, PenLine, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ToolCard } from '../components/tool-card';

const TOOL_CARDS: { category: ToolType; title: string; description: string; cta: string; icon: LucideIcon }[] = [
  { category: 'chat', title: 'AI Chat', description: 'Ask about production, your career and the music industry.', cta: 'Start Chatting', icon: MessagesSquare },
  { category: 'lyrics', title: 'Lyric Assist', description: 'Write in a notepad with next-line ideas and scored feedback.', cta: 'Write Lyrics', icon: PenLine },
  { category: 'coverart', title: 'Cover Art', description: 'Generate cover art from your track and its title.', cta: 'Design Cover', icon: ImagePlus },
  { category: 'marketing', title: 'Marketing Plan', description: 'Get a release and promotion plan built around your song.', cta: 'Create Plan', icon: Megaphone },
  { category: 'review', title: 'Song Review', description: 'Scores for flow, lyrics and more, with written notes.', cta: 'Get Feedback', icon: Headphones },
];

interface HomePageProps {
  /** Opens the tool; its conversation is created by the first message or save there. */
  onStartTool: (category: ToolType) => void;
  isPremium: boolean;
}

export function HomePage({ onStartTool, isPremium }: HomePageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-10">
      <PageHeader title="Your Artist Tools" subtitle="Select a tool to enhance your creative process" />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tools">
        {TOOL_CARDS.map((card) => (
          <li key={card.category}>
            <ToolCard
              title={card.title}
              description={card.description}
              cta={card.cta}
              icon={card.icon}
              onSelect={() => onStartTool(card.category)}
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
