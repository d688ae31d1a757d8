// Who may open which screen, mirroring the server's rules (docs/product/DECISIONS.md). The server enforces them;
// the UI only avoids showing a screen whose calls would be refused.
import type { Me } from './api';

export function isAdmin(me: Me | null | undefined): boolean {
  return me?.user.role === 'admin';
}

/** Dashboard and historical: an active (or trialing) subscription, or the admin, who manages the leads. */
export function canViewLeads(me: Me | null | undefined): boolean {
  if (!me) return false;
  return me.hasActiveSubscription || isAdmin(me);
}
