// A page that does one thing as it opens (a mail link: confirm, unsubscribe) and shows how it went: a spinner while
// it runs, the error with Retry where a retry can help, then what the caller makes of the answer.
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { isRetryable } from '@/lib/api-client';

/** The parts of a react-query mutation this needs. */
export type MutationProgress<T> =
  | { isSuccess: true; isError: false; isPending: boolean; data: T; error: null }
  | { isSuccess: false; isError: true; isPending: boolean; data: undefined; error: Error }
  | { isSuccess: false; isError: false; isPending: boolean; data: undefined; error: null };

export interface MutationStatusProps<T> {
  mutation: MutationProgress<T>;
  /** What the spinner says while the work runs, e.g. "Unsubscribing…". */
  pendingLabel: string;
  errorTitle: string;
  /** Runs the work again; offered only when the error says a retry can help. */
  onRetry: () => void;
  children: (data: T) => ReactNode;
}

export function MutationStatus<T>({ mutation, pendingLabel, errorTitle, onRetry, children }: MutationStatusProps<T>) {
  if (mutation.isSuccess) return children(mutation.data);
  if (mutation.isError) {
    return <ErrorState title={errorTitle} message={mutation.error.message} onRetry={isRetryable(mutation.error) ? onRetry : undefined} retrying={mutation.isPending} />;
  }
  return (
    <div className="flex justify-center py-16">
      <Spinner label={pendingLabel} showLabel />
    </div>
  );
}
