// The top navigation bar. It is told whether someone is signed in (SPEC.md section 2) and shows
// either the public links or the subscriber's links and user menu. Below `md` the links fold into
// a disclosure menu.
import { ChevronDown, LogOut, Menu, UserRound, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paths } from '../paths';
import { Brand } from './brand';

export interface HeaderSession {
  email: string;
}

export interface HeaderProps {
  /** The signed-in user, or null when signed out. */
  session: HeaderSession | null;
  /** Called by the user menu's Sign Out item. */
  onSignOut?: () => void;
}

interface NavItem {
  label: string;
  to: string;
}

const SIGNED_OUT_LINKS: NavItem[] = [
  { label: 'Pricing', to: paths.pricing },
  { label: 'Free Leads', to: paths.freeLeads },
  { label: 'Sign In', to: paths.signIn },
];

const SIGNED_IN_LINKS: NavItem[] = [
  { label: 'Recent', to: paths.dashboard },
  { label: 'Historical', to: paths.historical },
];

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-11 items-center rounded-md px-3 text-base font-medium transition-colors hover:bg-accent',
    isActive ? 'bg-accent text-foreground' : 'text-muted-foreground',
  );

export function Header({ session, onSignOut }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const links = session ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  const closeMenu = () => setMenuOpen(false);

  // Escape closes the mobile menu and puts focus back on the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand onClick={closeMenu} />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {session ? (
            <UserMenu email={session.email} onSignOut={onSignOut} />
          ) : (
            <Button asChild className="ml-2">
              <Link to={paths.signUp}>Get Started</Link>
            </Button>
          )}
        </nav>

        <div className="flex items-center gap-2 md:hidden">
          {!session && (
            <Button asChild size="sm">
              <Link to={paths.signUp} onClick={closeMenu}>
                Get Started
              </Link>
            </Button>
          )}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5!" /> : <Menu aria-hidden="true" className="size-5!" />}
          </Button>
        </div>
      </div>

      {menuOpen && (
        <nav id={menuId} aria-label="Main" className="border-t border-border bg-background md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {session && (
              <>
                <li className="mt-2 border-t border-border px-3 pt-3 pb-1 text-xs text-muted-foreground">
                  Signed in as <span className="font-medium text-foreground">{session.email}</span>
                </li>
                <li>
                  <NavLink to={paths.profile} className={mobileLinkClass} onClick={closeMenu}>
                    Profile
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="flex h-11 w-full items-center rounded-md px-3 text-left text-base font-medium text-muted-foreground transition-colors hover:bg-accent"
                    onClick={() => {
                      closeMenu();
                      onSignOut?.();
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}

function UserMenu({ email, onSignOut }: { email: string; onSignOut?: () => void }) {
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
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to={paths.profile}>
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </DropdownMenu.Item>
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
