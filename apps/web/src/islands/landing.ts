// The landing page's entry. Its prerendered HTML is complete, so instead of the whole app only what
// needs JavaScript runs: the mobile menu and the one-open FAQ (plain DOM), and the newsletter form,
// hydrated with React the first time the visitor reaches for it. Someone signed in gets the whole app,
// for the signed-in header.
import { enhanceHeaderMenu } from '../app/layouts/header-menu';
import { enhanceExclusiveAccordions } from '../features/marketing/accordion';
import { SUBSCRIBE_FORM_ISLAND } from '../features/newsletter/island';
import { hasSession, startWholeApp } from './hand-over';
import { hydrateOnInteraction } from './hydrate-on-interaction';

async function start() {
  enhanceHeaderMenu();
  enhanceExclusiveAccordions();
  const form = document.querySelector<HTMLElement>(`[data-island="${SUBSCRIBE_FORM_ISLAND}"]`);
  const stopForm = form
    ? hydrateOnInteraction(form, () => import('./newsletter-form').then(({ hydrateNewsletterForm }) => hydrateNewsletterForm(form)))
    : null;
  if (!(await hasSession())) return;
  stopForm?.();
  await startWholeApp();
}

void start();
