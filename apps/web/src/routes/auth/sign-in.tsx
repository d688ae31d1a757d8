import { Link, useSearchParams } from 'react-router';
import { readChosenPlan, signUpPath } from '@/config/paths';
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useOAuthErrorToast } from '@/features/auth/use-oauth-error-toast';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SignInRoute() {
  useDocumentTitle('Sign In');
  useOAuthErrorToast();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard
      title="Sign In"
      description="Welcome back. Sign in to see your recent and historical leads."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={signUpPath(readChosenPlan(searchParams))} className={authLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
