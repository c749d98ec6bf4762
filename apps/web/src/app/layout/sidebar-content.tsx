import type { Conversation } from '@members-only/shared/conversations';
import type { User } from '@members-only/shared/auth';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ConversationSearch } from '@/features/conversations/components/conversation-search';
import { NewChatButton } from './new-chat-button';
import { PremiumPanel } from './premium-panel';
import { RecentList } from './recent-conversations';
import { SidebarNav } from './sidebar-nav';
import { UserPanel } from './user-panel';

interface SidebarContentProps {
  user: User;
  conversations: Conversation[] | undefined;
  /** The mobile drawer holds the nav plus Recent Chats only (spec §2). */
  variant: 'desktop' | 'drawer';
}

export function SidebarContent({ user, conversations, variant }: SidebarContentProps) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="grid gap-4 p-4">
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Logo />
        </Link>
        <NewChatButton />
      </div>
      <div className="scroll-shadows grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 overflow-y-auto px-3 pb-4">
        <SidebarNav isAdmin={user.isAdmin} />
        <ConversationSearch>
          <RecentList title="Recent Chats" category="chat" conversations={conversations} emptyText="No chats yet" />
          {variant === 'desktop' ? (
            <>
              <RecentList title="Lyrics" category="lyrics" conversations={conversations} emptyText="No lyrics yet" />
              <RecentList
                title="Studio Sessions"
                category="studio"
                conversations={conversations}
                emptyText="No studio sessions yet"
              />
            </>
          ) : null}
        </ConversationSearch>
      </div>
      {variant === 'desktop' && !user.isPremium ? (
        // The conversation lists come first: below 860 px of height (1280×800 and smaller) the card
        // gives them its room (home and the banner offer membership too); one row up to 960 px.
        <div className="hidden px-3 pb-3 [@media(min-height:860px)]:block">
          <PremiumPanel />
        </div>
      ) : null}
      <UserPanel user={user} />
    </div>
  );
}
