// The prerendered /pricing without React (src/islands/pricing.ts): each plan's subscribe control is a
// link to sign-up until the page knows nobody is signed in, and then becomes the button the app shows a
// signed-out visitor, which asks them to sign in first (docs/product/SPEC.md section 4, "Subscribe").
import type { PlanId } from '@fundwire/shared';

/** Marks a plan card's sign-up link; its value is the plan id. */
export const PLAN_SUBSCRIBE_ATTRIBUTE = 'data-plan-subscribe';

/**
 * Replaces every marked link under `root` with a `<button>` carrying the same classes, label and
 * content (the app's Button renders both from one className), whose click calls `onSubscribe`.
 * Focus stays on the control if it was there.
 */
export function replacePlanLinksWithButtons(onSubscribe: (planId: PlanId) => void, root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[${PLAN_SUBSCRIBE_ATTRIBUTE}]`)) {
    const planId = link.getAttribute(PLAN_SUBSCRIBE_ATTRIBUTE) as PlanId;
    const button = link.ownerDocument.createElement('button');
    button.type = 'button';
    for (const { name, value } of Array.from(link.attributes)) {
      if (name !== 'href') button.setAttribute(name, value);
    }
    button.append(...Array.from(link.childNodes));
    button.addEventListener('click', () => onSubscribe(planId));
    const hadFocus = link.ownerDocument.activeElement === link;
    link.replaceWith(button);
    if (hadFocus) button.focus();
  }
}
