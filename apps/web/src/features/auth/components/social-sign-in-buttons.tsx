// "Continue with Google / GitHub / Twitter". The buttons always show (docs/product/DECISIONS.md); one whose provider
// has no credentials on the server says so in a toast and sends nothing to the provider.
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState, type ComponentType, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { paths, planCheckoutPath, readChosenPlan } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { publicConfigQueryOptions, usePublicConfig, type PublicConfig } from '../api';
import { authClient, type SocialProvider } from '../auth-client';
import { socialSignInFailureMessage, toAuthFailure } from '../errors';
import { GitHubIcon, GoogleIcon, XIcon } from './provider-icons';

interface ProviderButton {
  id: SocialProvider;
  name: string;
  Icon: ComponentType<ComponentProps<'svg'>>;
}

const PROVIDERS: ProviderButton[] = [
  { id: 'google', name: 'Google', Icon: GoogleIcon },
  { id: 'github', name: 'GitHub', Icon: GitHubIcon },
  { id: 'twitter', name: 'Twitter', Icon: XIcon },
];

export function notConfiguredMessage(name: string): string {
  return `${name} sign-in is not configured`;
}

export interface SocialSignInButtonsProps {
  /** Set while the email form on the same screen is busy. */
  disabled?: boolean;
}

export function SocialSignInButtons({ disabled = false }: SocialSignInButtonsProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [searchParams] = useSearchParams();
  const plan = readChosenPlan(searchParams);
  // Load which providers are configured up front, so a click can answer at once.
  usePublicConfig();

  async function continueWith({ id, name }: ProviderButton) {
    setPending(id);
    let config: PublicConfig | null = null;
    try {
      config = await queryClient.ensureQueryData(publicConfigQueryOptions());
    } catch {
      // The config could not be read: try anyway; the server answers an unconfigured provider clearly.
    }
    if (config && !config.socialProviders[id]) {
      toast.error(notConfiguredMessage(name));
      setPending(null);
      return;
    }

    try {
      // New and returning users both land on the dashboard (docs/product/SPEC.md section 2), or on the checkout of the
      // plan they chose before (decision 039); a failed round trip comes back to /signin?error=..., which the sign-in
      // screen turns into a toast.
      const callbackURL = plan ? planCheckoutPath(plan) : paths.dashboard;
      const { error } = await authClient.signIn.social({ provider: id, callbackURL, errorCallbackURL: paths.signIn });
      if (error) {
        toast.error(socialSignInFailureMessage(toAuthFailure(error)));
        setPending(null);
      }
      // On success the client is already sending the browser to the provider: stay busy until it leaves.
    } catch (error) {
      toast.error(socialSignInFailureMessage(toAuthFailure(error)));
      setPending(null);
    }
  }

  return (
    <div className="grid gap-3">
      {PROVIDERS.map((provider) => {
        const busy = pending === provider.id;
        return (
          <Button
            key={provider.id}
            variant="outline"
            className="w-full"
            disabled={disabled || pending !== null}
            aria-busy={busy || undefined}
            onClick={() => void continueWith(provider)}
          >
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <provider.Icon />}
            Continue with {provider.name}
          </Button>
        );
      })}
    </div>
  );
}
