// Renders a public page to HTML at build time (scripts/prerender.ts), as a visitor who is not signed
// in first sees it: the session check and data queries are still pending.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

export { PRERENDERED_PATHS, PUBLIC_PAGES } from './config/page-meta';

export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirected while prerendering (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline hydration script, which the CSP would block. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
