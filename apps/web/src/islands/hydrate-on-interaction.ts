// Hydrating an island only when the visitor reaches for it, so a page that does not need React at once
// does not pay for it while it loads (docs/decisions/010-landing-page-islands.md).
import type { Root } from 'react-dom/client';

/** What counts as reaching for the island: a pointer over it, focus or a touch inside it. */
const INTERACTIONS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Calls `hydrate` (which loads React and hydrates `island`, resolving once React has committed) the
 * first time the visitor reaches for it. Until then the prerendered markup stands alone, and a form
 * submitted in that time is held (React never sees it) and submitted again as soon as React has the
 * island. Returns a function that stops waiting and unmounts the island, for the whole app's hand-over.
 */
export function hydrateOnInteraction(island: HTMLElement, hydrate: () => Promise<Root>): () => void {
  let root: Root | null = null;
  let loading: Promise<Root | null> | null = null;
  let stopped = false;

  const removeTriggers = () => {
    for (const type of INTERACTIONS) island.removeEventListener(type, start);
  };
  function start(): Promise<Root | null> {
    removeTriggers();
    loading ??= hydrate().then((hydrated) => {
      if (stopped) {
        hydrated.unmount();
        return null;
      }
      root = hydrated;
      return hydrated;
    });
    return loading;
  }
  const holdEarlySubmit = (event: SubmitEvent) => {
    if (root || stopped || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = event.target;
    const submitter = event.submitter;
    void start().then((hydrated) => {
      if (hydrated) form.requestSubmit(submitter);
    });
  };

  for (const type of INTERACTIONS) island.addEventListener(type, start, { passive: true });
  island.addEventListener('submit', holdEarlySubmit, { capture: true });
  return () => {
    stopped = true;
    removeTriggers();
    island.removeEventListener('submit', holdEarlySubmit, { capture: true });
    root?.unmount();
  };
}
