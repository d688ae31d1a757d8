// /free-leads's entry. The prerendered page shows everything but the sample itself, which comes from the
// API: only that list is rendered with React, once the answer is in (as a transition, so rendering the
// cards never blocks the page for long), and the mobile menu is plain DOM. A failed call loads the
// toaster to say so. Someone signed in gets the whole app instead, for the signed-in header.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { enhanceHeaderMenu } from '../app/layouts/header-menu';
import { FREE_LEADS_ISLAND, FreeLeadsSample } from '../features/leads/components/free-leads-sample';
import { FREE_LEADS_ERROR, fetchFreeLeads } from '../features/leads/free-leads';
import { showErrorToast } from './error-toast';
import { hasSession, startWholeApp } from './hand-over';

async function start() {
  enhanceHeaderMenu();
  const signedIn = hasSession();
  const answer = fetchFreeLeads().then(
    (data) => ({ data, isError: false }),
    () => ({ data: undefined, isError: true }),
  );
  if (await signedIn) {
    await startWholeApp();
    return;
  }
  const container = document.querySelector<HTMLElement>(`[data-island="${FREE_LEADS_ISLAND}"]`);
  if (!container) return;
  const { data, isError } = await answer;
  // Rendered, not hydrated: until now the prerendered placeholders (the pending state) stand in.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <FreeLeadsSample data={data} isPending={false} isError={isError} />
      </StrictMode>,
    );
  });
  if (isError) await showErrorToast(FREE_LEADS_ERROR, 'free-leads-error');
}

void start();
