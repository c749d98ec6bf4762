import { Outlet } from 'react-router';
import { useUser } from '@/features/auth/api/get-user';
import { useConversations } from '@/features/conversations/api/get-conversations';
import { MembershipBanner } from './membership-banner';
import { MobileTopBar } from './mobile-top-bar';
import { NavigationProgress } from './navigation-progress';
import { SidebarContent } from './sidebar-content';

/** Signed-in shell: sidebar (md and up), mobile top bar + drawer, membership banner, page. */
export function AppLayout() {
  const { user } = useUser();
  const conversations = useConversations({ enabled: Boolean(user) });
  if (!user) return null; // RequireAuth above guarantees a user; this narrows the type.

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <aside
        aria-label="Sidebar"
        className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-border bg-sidebar text-sidebar-foreground md:flex"
      >
        <SidebarContent user={user} conversations={conversations.data} variant="desktop" />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileTopBar user={user} conversations={conversations.data} />
        <MembershipBanner user={user} />
        {/* A page marked data-fill-main (e.g. AI Chat) fills the height, so its input can sit at the bottom. */}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none has-[>[data-fill-main]]:flex has-[>[data-fill-main]]:flex-col">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
