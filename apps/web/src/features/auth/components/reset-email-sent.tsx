// The "Check Your Email" view after a reset request: where the mail went and what to do with it.
import { Link } from 'react-router';
import { Fragment } from 'react';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';

const STEPS = [
  'Check your inbox (and your spam folder) for an email from Fundwire.',
  'Click the link in the email. It works once and expires after an hour.',
  'Enter a new password.',
  'Sign in with your new password.',
];

export interface ResetEmailSentProps {
  email: string;
  onSendAnother: () => void;
}

/** The address with optional line breaks before "@" and each ".". */
function withBreakPoints(email: string) {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export function ResetEmailSent({ email, onSendAnother }: ResetEmailSentProps) {
  return (
    <div className="grid gap-6">
      <p className="text-center text-sm text-muted-foreground">
        We sent a password reset link to
        {/* On a line of its own; a long address wraps before its @ or a dot, not in the middle of a word. */}
        <strong data-testid="reset-email-address" className="block font-medium break-words text-foreground">
          {withBreakPoints(email)}
        </strong>
        If no account uses this address, no email is sent.
      </p>
      <ol aria-label="Next steps" className="grid gap-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-sm">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary tabular-nums"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <div className="grid gap-3">
        <Button variant="outline" className="w-full" onClick={onSendAnother}>
          Send Another Email
        </Button>
        <Button asChild className="w-full">
          <Link to={paths.signIn}>Back to Sign In</Link>
        </Button>
      </div>
    </div>
  );
}
