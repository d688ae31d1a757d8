// /reset-password: without a token, ask for the email and confirm the mail went out; with the
// ?token= from the mailed link, choose a new password. The admin address's verification link lands here too
// (&verified=admin): it signed every session of the account out, and the link's holder sets the password.
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { authKeys } from '@/features/auth/api';
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { ResetEmailSent } from '@/features/auth/components/reset-email-sent';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';
import { AUTH_MESSAGES } from '@/features/auth/errors';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // better-auth's own link handler redirects here with ?error=INVALID_TOKEN for a dead link.
  const linkError = searchParams.get('error');

  if (token) return <SetNewPassword key={token} token={token} afterAdminVerification={searchParams.get('verified') === 'admin'} />;
  if (linkError) return <InvalidResetLink />;
  return <RequestReset />;
}

function backToSignIn() {
  return (
    <>
      Remembered it?{' '}
      <Link to={paths.signIn} className={authLinkClass}>
        Back to Sign In
      </Link>
    </>
  );
}

function RequestReset() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(sentTo ? 'Check Your Email' : 'Reset Password');

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" icon={<MailCheck />}>
        <ResetEmailSent email={sentTo} onSendAnother={() => setSentTo(null)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset Password"
      icon={<KeyRound />}
      description="Enter your email address and we will send you a link to choose a new password."
      footer={backToSignIn()}
    >
      <ResetRequestForm onSent={setSentTo} />
    </AuthCard>
  );
}

const ADMIN_VERIFIED_DESCRIPTION =
  'Your address is verified. To prove the account is yours, every session of it was signed out: choose its password to finish, then sign in.';

function SetNewPassword({ token, afterAdminVerification }: { token: string; afterAdminVerification: boolean }) {
  useDocumentTitle('Set a new password');
  const [invalid, setInvalid] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (invalid) return <InvalidResetLink />;

  async function onUpdated() {
    // A reset signs out every session, this one included: re-read it before /signin checks it.
    await queryClient.invalidateQueries({ queryKey: authKeys.me });
    await navigate(paths.signIn, { replace: true });
  }

  return (
    <AuthCard
      title="Set a new password"
      icon={<KeyRound />}
      description={afterAdminVerification ? ADMIN_VERIFIED_DESCRIPTION : 'Choose a new password for your account.'}
      footer={backToSignIn()}
    >
      <NewPasswordForm token={token} onUpdated={onUpdated} onInvalidLink={() => setInvalid(true)} />
    </AuthCard>
  );
}

function InvalidResetLink() {
  useDocumentTitle('Set a new password');
  return (
    <AuthCard title="Set a new password" icon={<KeyRound />} footer={backToSignIn()}>
      <div role="alert" className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50/60 px-4 py-3 text-sm">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <p>
          <span className="font-medium text-foreground">{AUTH_MESSAGES.resetLinkInvalid}</span>{' '}
          <span className="text-muted-foreground">Links work once and expire after an hour.</span>
        </p>
      </div>
      <Button asChild className="w-full">
        <Link to={paths.resetPassword}>Request a new reset link</Link>
      </Button>
    </AuthCard>
  );
}
