// The landing page's entry. Its prerendered HTML is complete, so instead of the whole app (over the
// 100 KB budget) only the parts that need JavaScript start: the newsletter form (hydrated on its own),
// the mobile menu and the one-open FAQ (plain DOM). Someone signed in gets the whole app, for the
// signed-in header.
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { enhanceHeaderMenu } from './app/layouts/header-menu';
import { enhanceExclusiveAccordions } from './features/marketing/accordion';
import { SUBSCRIBE_FORM_ISLAND, SubscribeForm } from './features/newsletter/components/subscribe-form';

const SESSION_URL = '/api/auth/get-session';

function hydrateIslands(): Root[] {
  const roots: Root[] = [];
  const form = document.querySelector<HTMLElement>(`[data-island="${SUBSCRIBE_FORM_ISLAND}"]`);
  if (form) {
    roots.push(
      hydrateRoot(
        form,
        <StrictMode>
          <SubscribeForm />
        </StrictMode>,
      ),
    );
  }
  return roots;
}

/** True when better-auth says someone is signed in (200 with a session; `null` means nobody). */
async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch(SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    return response.ok && (await response.json()) !== null;
  } catch {
    return false;
  }
}

async function start() {
  enhanceHeaderMenu();
  enhanceExclusiveAccordions();
  const islands = hydrateIslands();
  if (!(await hasSession())) return;
  // Signed in: the whole app takes over #root and shows the subscriber's header.
  const container = document.getElementById('root');
  if (!container) return;
  const { startApp } = await import('./app/start');
  islands.forEach((root) => root.unmount());
  await startApp(container, 'render');
}

void start();
