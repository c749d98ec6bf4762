import type { Conversation } from '@members-only/shared/conversations';
import type { User } from '@members-only/shared/auth';
import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { activeSection } from '@/lib/sections';
import { SidebarContent } from './sidebar-content';

/** Small screens: a top bar with the section title and a left drawer with the nav. */
export function MobileTopBar({ user, conversations }: { user: User; conversations: Conversation[] | undefined }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const title = activeSection(location.pathname)?.label ?? 'Members Only';

  // Any navigation (link, New Chat, back button) closes the drawer.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-background/90 px-2 backdrop-blur md:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden="true" className="size-5!" />
          </Button>
        </SheetTrigger>
        <SheetContent>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigate between your tools and recent chats.</SheetDescription>
          <SidebarContent user={user} conversations={conversations} variant="drawer" />
        </SheetContent>
      </Sheet>
      <span className="truncate text-base font-semibold" data-testid="top-bar-title">
        {title}
      </span>
    </header>
  );
}
