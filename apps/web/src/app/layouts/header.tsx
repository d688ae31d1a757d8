// The top navigation bar. It is told whether someone is signed in (docs/product/SPEC.md section 2) and shows
// either the public links or the subscriber's links and user menu. Below `md` the links fold into
// a disclosure menu. The mobile menu stays in the DOM (hidden) so the prerendered landing page can open
// it without React (header-menu.ts); the user menu's dropdown loads only for someone signed in.
import { Lock, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { Brand } from './brand';
import { MENU_BUTTON_ATTRIBUTE } from './header-menu';

// A fixed id, not useId(): the prerendered markup and the hydrating app must agree on it.
const menuId = 'mobile-menu';

const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export interface HeaderSession {
  email: string;
  /** The admin account: the user menu links to the admin console. */
  admin?: boolean;
  /** Signed in without a subscription: Recent and Historical are shown locked, leading to /pricing. */
  leadsLocked?: boolean;
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
  { label: 'Searches', to: paths.searches },
];

/** Why a locked item is locked, and what opens it. */
export const LOCKED_REASON = 'Subscribe to unlock';

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
          {links.map((link) =>
            session?.leadsLocked ? (
              <Link
                key={link.to}
                to={paths.pricing}
                title={`${link.label} is locked. ${LOCKED_REASON}.`}
                className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              >
                <Lock aria-hidden="true" className="size-3.5" />
                {link.label}
                <span className="sr-only">, locked. {LOCKED_REASON}</span>
              </Link>
            ) : (
              <NavLink key={link.to} to={link.to} className={desktopLinkClass}>
                {link.label}
              </NavLink>
            ),
          )}
          {session ? (
            <Suspense fallback={<span className="ml-2 inline-block h-10 w-48" aria-hidden="true" />}>
              <UserMenu email={session.email} admin={Boolean(session.admin)} onSignOut={onSignOut} />
            </Suspense>
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
            className="group"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            {...{ [MENU_BUTTON_ATTRIBUTE]: '' }}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {/* Both icons are always there; aria-expanded picks one, so the menu also works before React runs. */}
            <Menu aria-hidden="true" className="size-5! group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden size-5! group-aria-expanded:block" />
          </Button>
        </div>
      </div>

      <nav id={menuId} aria-label="Main" hidden={!menuOpen} className="border-t border-border bg-background md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
          {links.map((link) => (
            <li key={link.to}>
              {session?.leadsLocked ? (
                <Link to={paths.pricing} className={cn(mobileLinkClass({ isActive: false }), 'gap-2')} onClick={closeMenu}>
                  <Lock aria-hidden="true" className="size-4" />
                  {link.label}
                  <span className="sr-only">, locked.</span>
                  <span className="ml-auto text-sm font-normal">{LOCKED_REASON}</span>
                </Link>
              ) : (
                <NavLink to={link.to} className={mobileLinkClass} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              )}
            </li>
          ))}
          {session && (
            <>
              <li className="mt-2 border-t border-border px-3 pt-3 pb-1 text-xs text-muted-foreground">
                Signed in as <span className="font-medium text-foreground">{session.email}</span>
              </li>
              {session.admin && (
                <li>
                  <NavLink to={paths.admin} end className={mobileLinkClass} onClick={closeMenu}>
                    Admin
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to={paths.profile} className={mobileLinkClass} onClick={closeMenu}>
                  Profile
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.integrations} className={mobileLinkClass} onClick={closeMenu}>
                  Integrations
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
    </header>
  );
}
