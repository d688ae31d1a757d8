// /pricing's entry. The prerendered page is complete; a visitor who is not signed in needs only the
// mobile menu and plan buttons that ask them to sign in, which plain DOM does. Someone signed in, or
// coming back from checkout (?checkout=canceled), gets the whole app: it knows their plan, starts
// checkout and shows the notice. See docs/decisions/010-landing-page-islands.md.
import { enhanceHeaderMenu } from '../app/layouts/header-menu';
import { signUpPath } from '@/config/paths';
import { CHECKOUT_MESSAGES } from '../features/billing/checkout';
import { replacePlanLinksWithButtons } from '../features/billing/plan-buttons';
import { setFlashToast } from '../lib/flash-toast';
import { hasSession, startWholeApp } from './hand-over';

async function start() {
  enhanceHeaderMenu();
  const returningFromCheckout = new URLSearchParams(window.location.search).has('checkout');
  if (returningFromCheckout || (await hasSession())) {
    await startWholeApp();
    return;
  }
  // As the app does for a signed-out visitor: a toast, then sign-up keeping the plan (which shows the toast).
  replacePlanLinksWithButtons((planId) => {
    setFlashToast(CHECKOUT_MESSAGES.accountRequired, 'info');
    window.location.assign(signUpPath(planId));
  });
}

void start();
