import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

// Read once when the bundle loads: rendering stays pure, and a tab left open over New Year is harmless.
const CURRENT_YEAR = new Date().getFullYear();

/** Header, main content and footer on every page. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Sessions arrive with the auth issue; until then everyone sees the signed-out header. */}
      <Header session={null} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer year={CURRENT_YEAR} />
      <ScrollRestoration />
    </div>
  );
}
