// The landing page's newsletter signup (docs/product/SPEC.md "Landing page", sections 5 and 8). Messages show
// inline: field errors under the field, the outcome below the form. On the prerendered landing page
// this form is hydrated on its own (src/islands/newsletter-form.tsx), so it uses no context and fixed
// ids. One field, checked by the zod/mini schema on submit: react-hook-form would not fit the landing
// page's JS budget (docs/decisions/010-landing-page-islands.md).
import { CircleAlert, CircleCheck, Info, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { subscribeFormSchema, subscribeToNewsletter } from '../api';
import { NEWSLETTER_MESSAGES, subscribeFailureMessage } from '../messages';

type Outcome = { kind: 'success' | 'info' | 'error'; text: string };

const FIELD_ID = 'newsletter-email';
const FIELD_ERROR_ID = 'newsletter-email-error';
const OUTCOME_ID = 'newsletter-outcome';

export interface SubscribeFormProps {
  className?: string;
  /** What the field already holds: on the landing page the visitor may type before React takes the form over. */
  initialEmail?: string;
}

export function SubscribeForm({ className, initialEmail = '' }: SubscribeFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    const parsed = subscribeFormSchema.safeParse({ email });
    if (!parsed.success) {
      // Nothing is sent for an empty or malformed address.
      setFieldError(parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.emailRequired);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const { alreadySubscribed, confirmationResent } = await subscribeToNewsletter(parsed.data.email);
      if (alreadySubscribed) {
        setOutcome({ kind: 'info', text: NEWSLETTER_MESSAGES.alreadySubscribed });
      } else if (confirmationResent) {
        setOutcome({ kind: 'info', text: NEWSLETTER_MESSAGES.confirmationResent });
      } else {
        setOutcome({ kind: 'success', text: NEWSLETTER_MESSAGES.success });
        setEmail('');
      }
    } catch (error) {
      setOutcome({ kind: 'error', text: subscribeFailureMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Newsletter signup" className={cn('w-full', className)}>
      <label htmlFor={FIELD_ID} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={FIELD_ID}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          className="h-12 bg-background sm:flex-1"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? FIELD_ERROR_ID : undefined}
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          readOnly={busy}
        />
        <Button type="submit" size="lg" disabled={busy} className="sm:w-40">
          {busy ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              Subscribing...
            </>
          ) : (
            'Subscribe'
          )}
        </Button>
      </div>
      {fieldError && (
        <p id={FIELD_ERROR_ID} role="alert" className="mt-2 flex items-center gap-1.5 text-sm text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {fieldError}
        </p>
      )}
      {outcome && <OutcomeMessage outcome={outcome} />}
    </form>
  );
}

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const Icon = outcome.kind === 'success' ? CircleCheck : outcome.kind === 'info' ? Info : CircleAlert;
  return (
    <p
      id={OUTCOME_ID}
      data-testid="newsletter-outcome"
      data-kind={outcome.kind}
      role={outcome.kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'mt-3 flex items-start gap-2 rounded-md border px-3 py-2 text-left text-sm',
        outcome.kind === 'success' && 'border-green-200 bg-green-50 text-green-900',
        outcome.kind === 'info' && 'border-border bg-background text-foreground',
        outcome.kind === 'error' && 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {outcome.text}
    </p>
  );
}
