import { PLANS, TRIAL_DAYS } from '@fundwire/shared';
import { Link, useSearchParams } from 'react-router';
import { readChosenPlan, signInPath } from '@/config/paths';
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SignUpRoute() {
  useDocumentTitle('Sign Up');
  const [searchParams] = useSearchParams();
  const plan = readChosenPlan(searchParams);
  return (
    <AuthCard
      title="Sign Up"
      description={
        plan
          ? `Create an account to start your ${TRIAL_DAYS}-day free trial of the ${PLANS[plan].name} plan. Its checkout opens next.`
          : `Create an account to start your ${TRIAL_DAYS}-day free trial.`
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={signInPath(plan)} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
