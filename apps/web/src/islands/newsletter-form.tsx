// The landing page's newsletter form with React, loaded when the visitor reaches for it
// (hydrate-on-interaction.ts). Whatever they typed before keeps its place in the form's state.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { SubscribeForm } from '../features/newsletter/components/subscribe-form';

/** Renders nothing of its own; its effect runs once React has hydrated (committed) what it wraps. */
function OnHydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Hydrates the form in `island`; resolves once React handles its events. */
export function hydrateNewsletterForm(island: HTMLElement): Promise<Root> {
  const initialEmail = island.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? '';
  return new Promise((resolve) => {
    const root: Root = hydrateRoot(
      island,
      <StrictMode>
        <OnHydrated onHydrated={() => resolve(root)}>
          <SubscribeForm initialEmail={initialEmail} />
        </OnHydrated>
      </StrictMode>,
    );
  });
}
