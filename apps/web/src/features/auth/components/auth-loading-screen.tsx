// Shown instead of the app while the first /api/me answer is pending (docs/product/SPEC.md section 2, gating).
import { LoaderCircle } from 'lucide-react';

export const AUTH_LOADING_MESSAGE = 'Please wait while we check your authentication status.';

export function AuthLoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary motion-reduce:animate-none" />
      <p className="max-w-sm text-muted-foreground">{AUTH_LOADING_MESSAGE}</p>
    </div>
  );
}
