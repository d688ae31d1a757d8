// The admin console's own navigation, above each admin screen: Leads, Subscribers and Sources, the current one
// marked. It scrolls sideways rather than wrapping at 375 px.
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const ADMIN_LINKS = [
  { label: 'Leads', to: paths.admin },
  { label: 'Subscribers', to: paths.adminSubscribers },
  { label: 'Sources', to: paths.adminSources },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 shrink-0 items-center border-b-2 px-3 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground',
  );

export function AdminNav() {
  return (
    <div className="border-b border-border bg-background">
      <nav aria-label="Admin" data-testid="admin-nav" className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-4 sm:px-6">
        <span className="mr-2 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Admin</span>
        {ADMIN_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end className={linkClass}>
            {link.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
