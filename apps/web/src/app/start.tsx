// Starts the whole app in #root: hydrating prerendered markup, or rendering from scratch.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, loadRouteModules } from './router';

export async function startApp(container: HTMLElement, mode: 'hydrate' | 'render'): Promise<void> {
  // The current screen's chunk first: hydration must not pass through an empty frame.
  await loadRouteModules(window.location.pathname);
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  if (mode === 'hydrate') hydrateRoot(container, app);
  else createRoot(container).render(app);
}
