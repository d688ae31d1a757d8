// The signed-in user's dropdown (Admin for the admin, Profile, Integrations, Sign Out): its own chunk, since visitors never open it.
import { ChevronDown, LogOut, Plug, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function UserMenu({ email, admin = false, onSignOut }: { email: string; admin?: boolean; onSignOut?: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" className="ml-2 max-w-64 px-2" aria-label={`Account menu for ${email}`}>
          <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary uppercase">
            {email.charAt(0)}
          </span>
          <span className="truncate text-muted-foreground">{email}</span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-border bg-background p-1 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-xs text-muted-foreground">{email}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {admin && <MenuLink to={paths.admin} icon={ShieldCheck} label="Admin" />}
          <MenuLink to={paths.profile} icon={UserRound} label="Profile" />
          <MenuLink to={paths.integrations} icon={Plug} label="Integrations" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onSignOut?.()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const menuItemClass =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-foreground';

/** A menu item that opens a page. */
function MenuLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <DropdownMenu.Item asChild className={menuItemClass}>
      <Link to={to}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}
