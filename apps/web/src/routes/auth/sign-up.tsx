import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SignUpRoute() {
  useDocumentTitle('Sign Up');
  return (
    <AuthCard
      title="Sign Up"
      description="Create an account to start your 7-day free trial."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.signIn} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
