import { Link, useLocation } from 'react-router';
import { isSectionActive, SECTIONS } from '@/lib/sections';
import { cn } from '@/lib/utils';

/** The main nav links; the active one (prefix match) carries aria-current="page". */
export function SidebarNav({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <ul className="grid gap-0.5">
        {SECTIONS.filter((s) => !s.adminOnly || isAdmin).map((section) => {
          const active = isSectionActive(section, pathname);
          const Icon = section.icon;
          return (
            <li key={section.id}>
              <Link
                to={section.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  active
                    ? 'bg-primary-soft text-primary-soft-foreground'
                    : 'text-sidebar-foreground/85 hover:bg-accent hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
