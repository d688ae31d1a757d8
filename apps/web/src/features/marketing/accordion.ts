// One open answer at a time in an accordion of <details> (data-accordion). Current browsers do it
// natively for <details> that share a name; this covers older ones, in React and in plain DOM.

/** Closes the other answers of `opened`'s accordion when it opens. */
export function closeOtherAnswers(opened: HTMLDetailsElement): void {
  if (!opened.open) return;
  const group = opened.closest('[data-accordion]');
  group?.querySelectorAll('details[open]').forEach((other) => {
    if (other !== opened) (other as HTMLDetailsElement).open = false;
  });
}

/** The same without React, for the prerendered landing page. */
export function enhanceExclusiveAccordions(root: ParentNode = document): void {
  root.querySelectorAll<HTMLDetailsElement>('[data-accordion] details').forEach((details) => {
    details.addEventListener('toggle', () => closeOtherAnswers(details));
  });
}
