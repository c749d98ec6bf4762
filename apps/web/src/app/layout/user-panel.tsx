import type { User } from '@members-only/shared/auth';
import { LogOut } from 'lucide-react';
import { InitialAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ThemeSwitcher } from '@/components/ui/theme-switcher';
import { useLogout } from '@/features/auth/api/logout';

/** Bottom of the sidebar: the theme, who is signed in, their plan, and a way out. */
export function UserPanel({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <div className="grid gap-3 border-t border-border p-3">
      <ThemeSwitcher />
      <div className="flex items-center gap-3">
        <InitialAvatar name={user.username} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" title={user.username}>
            {user.username}
          </p>
          {user.isPremium ? <Badge variant="soft">Premium</Badge> : <Badge variant="outline">Free</Badge>}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Log out"
          title="Log out"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
