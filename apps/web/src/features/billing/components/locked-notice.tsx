// What a signed-in account without an active subscription sees when it opens a subscriber screen (/dashboard,
// /historical, a company page): it lands on /pricing, whose plans are the way to subscribe, and this notice at the
// top says which screen is locked and why, at every width. The server refuses the screen's data all the same.
import { TRIAL_DAYS } from '@fundwire/shared';
import { Lock } from 'lucide-react';

/** Router state a guard sends along to /pricing: the screen that was locked. */
export interface LockedScreenState {
  lockedScreen: string;
}

export function readLockedScreen(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('lockedScreen' in state)) return null;
  const screen = (state as LockedScreenState).lockedScreen;
  return typeof screen === 'string' && screen !== '' ? screen : null;
}

/** Why the screen is locked, in the account's own terms, and what to do. */
export function lockedReason(subscriptionStatus: string | null): string {
  if (subscriptionStatus === null)
    return `Leads and their contacts are for subscribers, and this account has no subscription yet. Pick a plan below to start your ${TRIAL_DAYS}-day free trial.`;
  if (subscriptionStatus === 'past_due' || subscriptionStatus === 'unpaid')
    return 'The last payment for your subscription did not go through, so leads are locked until it does. Update your payment from your profile.';
  return 'Your subscription has ended, so leads are locked. Pick a plan below to subscribe again.';
}

export function LockedNotice({ screen, subscriptionStatus }: { screen: string; subscriptionStatus: string | null }) {
  return (
    <div role="status" data-testid="locked-notice" className="mx-auto mb-10 flex max-w-4xl gap-3 rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold">{screen} is locked</p>
        <p className="mt-1 text-sm">{lockedReason(subscriptionStatus)}</p>
      </div>
    </div>
  );
}
