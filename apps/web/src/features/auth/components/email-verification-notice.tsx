// On /profile, for the admin address before it is verified: the admin role waits for the mailed link,
// so it says so and offers a fresh link. (Other accounts need no verified address, so see nothing.)
import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { useSendVerificationEmail, VERIFICATION_MESSAGES, type Me } from '../api';

export function EmailVerificationNotice({ me }: { me: Me }) {
  const send = useSendVerificationEmail();
  const [searchParams, setSearchParams] = useSearchParams();
  // A followed link that failed comes back as /profile?error=INVALID_TOKEN (or TOKEN_EXPIRED).
  const linkError = searchParams.get('error');

  useEffect(() => {
    if (!linkError) return;
    toast.error(VERIFICATION_MESSAGES.linkFailed, { id: 'verify-email-error' });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [linkError, setSearchParams]);

  if (!me.adminVerificationPending) return null;
  const sent = send.isSuccess;

  return (
    <Card data-testid="email-verification-notice" className="border-amber-300 bg-amber-50/60 p-6">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="grid gap-3">
          <div>
            <h2 className="text-base font-semibold">Verify your email to get admin access</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              This is the admin address. The admin console opens once you follow the link we mailed to {me.user.email}.
            </p>
          </div>
          <div>
            <Button
              variant="outline"
              disabled={send.isPending || sent}
              aria-busy={send.isPending || undefined}
              onClick={() =>
                send.mutate(me.user.email, {
                  onSuccess: () => toast.success(VERIFICATION_MESSAGES.sent),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              {send.isPending ? 'Sending…' : sent ? 'Verification email sent' : 'Resend verification email'}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
