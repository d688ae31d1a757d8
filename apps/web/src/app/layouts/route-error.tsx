import { RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusMessage } from '@/components/status/status-message';
import { paths } from '@/config/paths';

/** Shown inside the layout when a screen throws while rendering, so the header and footer stay usable. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <StatusMessage
      role="alert"
      className="mx-auto max-w-xl px-4 py-24 sm:px-6"
      title="Something went wrong"
      actions={[
        { label: 'Reload page', icon: <RotateCcw aria-hidden="true" />, onClick: () => window.location.reload() },
        { label: 'Go to the home page', to: paths.home, variant: 'outline' },
      ]}
    >
      This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.
    </StatusMessage>
  );
}
