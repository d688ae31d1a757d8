// /signin/link?token=...: the one-time link mailed from the sign-in page. With the account's password it signs in
// even while password attempts from new places are limited; success reloads into /dashboard as sign-in does.
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SIGN_IN_LINK_INVALID_MESSAGE } from '@fundwire/shared';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card';
import { AUTH_MESSAGES } from '@/features/auth/errors';
import { verifySignInLink } from '@/features/auth/sign-in-link-api';
import { ApiError } from '@/lib/api-client';
import { setFlashToast } from '@/lib/flash-toast';
import { useDocumentTitle } from '@/lib/use-document-title';

function backToSignIn() {
  return (
    <Link to={paths.signIn} className={authLinkClass}>
      Back to Sign In
    </Link>
  );
}

export function SignInLinkRoute() {
  useDocumentTitle('Finish signing in');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);

  if (!token || deadLink) {
    return (
      <AuthCard title="Finish signing in" icon={<KeyRound />} footer={backToSignIn()}>
        <p role="alert" className="text-sm">
          {SIGN_IN_LINK_INVALID_MESSAGE}
        </p>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifySignInLink(token!, password);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 400 && (failure.body as { code?: string } | undefined)?.code === 'INVALID_SIGN_IN_LINK') {
        setDeadLink(true);
        return;
      }
      setError(failure instanceof ApiError ? failure.message : 'Could not sign you in. Please try again.');
      return;
    }
    setFlashToast(AUTH_MESSAGES.signInSuccess);
    // Stay busy: the page is about to be replaced.
    window.location.assign(paths.dashboard);
  }

  return (
    <AuthCard
      title="Finish signing in"
      icon={<KeyRound />}
      description="This link proves the mailbox is yours. Enter your password to sign in."
      footer={backToSignIn()}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" className="mt-2 w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
