import { RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown inside the layout when a screen throws while rendering, so the header and footer stay usable. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">
        This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          Reload page
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
