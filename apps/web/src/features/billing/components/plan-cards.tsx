// The Monthly and Annual plan cards (docs/product/SPEC.md section 9), read from the shared PLANS. Presentational:
// the pricing page (and later the landing page) decides what Subscribe does.
import { PLAN_IDS, PLANS, TRIAL_DAYS, type Plan, type PlanId } from '@fundwire/shared';
import { Check, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, signUpPath } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatPrice } from '../pricing';

export interface PlanCardsProps {
  /** Called by a plan's subscribe button. Without it the buttons link to sign-up instead. */
  onSubscribe?: (planId: PlanId) => void;
  /** The plan whose checkout is starting: its button reads Processing..., and every button waits. */
  busyPlanId?: PlanId | null;
  /** Label of the subscribe buttons, e.g. "Start 7-day free trial" or "Subscribe". */
  subscribeLabel?: string;
  /** The visitor already subscribes: each card offers the dashboard instead of a subscribe button. */
  subscribed?: boolean;
  /** The subscriber's plan, marked Current plan. */
  currentPlanId?: PlanId | null;
  /** Offered to a subscriber on the cards of the other plans: switch to that plan (prorated). */
  onSwitch?: (planId: PlanId) => void;
  /** The plan being switched to: its button reads Switching..., and waits. */
  switchingPlanId?: PlanId | null;
  /** Heading level of the plan names, to fit the page's outline (h3 under an h2 by default). */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

export function PlanCards({
  onSubscribe,
  busyPlanId = null,
  subscribeLabel = `Start ${TRIAL_DAYS}-day free trial`,
  subscribed = false,
  currentPlanId = null,
  onSwitch,
  switchingPlanId = null,
  headingLevel = 'h3',
  className,
}: PlanCardsProps) {
  return (
    <ul className={cn('mx-auto grid max-w-4xl gap-6 md:grid-cols-2', className)}>
      {PLAN_IDS.map((planId) => (
        <li key={planId} className="flex">
          <PlanCard
            plan={PLANS[planId]}
            action={
              subscribed ? (
                // Only the subscriber's own plan offers a way on (every card, if the plan is not known).
                currentPlanId === null || currentPlanId === planId ? (
                  <Button asChild variant="outline" size="lg" className="w-full">
                    <Link to={paths.dashboard}>Go to dashboard</Link>
                  </Button>
                ) : onSwitch ? (
                  <Button
                    size="lg"
                    className="w-full"
                    disabled={switchingPlanId !== null}
                    aria-busy={switchingPlanId === planId || undefined}
                    onClick={() => onSwitch(planId)}
                  >
                    {switchingPlanId === planId ? (
                      <>
                        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                        Switching...
                      </>
                    ) : (
                      `Switch to ${PLANS[planId].name}`
                    )}
                  </Button>
                ) : null
              ) : onSubscribe ? (
                <Button
                  size="lg"
                  className="w-full"
                  variant={PLANS[planId].popular ? 'default' : 'outline'}
                  disabled={busyPlanId !== null}
                  aria-busy={busyPlanId === planId || undefined}
                  aria-label={busyPlanId === planId ? undefined : `${subscribeLabel}: ${PLANS[planId].name} plan`}
                  onClick={() => onSubscribe(planId)}
                >
                  {busyPlanId === planId ? (
                    <>
                      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                      Processing...
                    </>
                  ) : (
                    subscribeLabel
                  )}
                </Button>
              ) : (
                <Button asChild size="lg" className="w-full" variant={PLANS[planId].popular ? 'default' : 'outline'}>
                  <Link
                    to={signUpPath(planId)}
                    aria-label={`${subscribeLabel}: ${PLANS[planId].name} plan`}
                    // PLAN_SUBSCRIBE_ATTRIBUTE: the prerendered /pricing turns this link into the signed-out button.
                    data-plan-subscribe={planId}
                  >
                    {subscribeLabel}
                  </Link>
                </Button>
              )
            }
            current={subscribed && currentPlanId === planId}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

interface PlanCardProps {
  plan: Plan;
  action: ReactNode;
  current: boolean;
  headingLevel: 'h2' | 'h3';
}

function PlanCard({ plan, action, current, headingLevel: Heading }: PlanCardProps) {
  return (
    <Card
      data-testid="plan-card"
      data-plan={plan.id}
      className={cn('relative w-full gap-6 p-6 sm:p-8', plan.popular && 'border-primary shadow-md ring-1 ring-primary')}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-6 px-3 py-1 shadow-sm sm:left-8">Most Popular</Badge>
      )}
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-lg font-semibold">{plan.name}</Heading>
          {current && <Badge variant="success">Current plan</Badge>}
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatPrice(plan.price)}</span>
          <span className="text-muted-foreground">/{plan.period}</span>
        </p>
        {plan.badges.length > 0 && (
          <ul aria-label="Savings" className="flex flex-wrap gap-2">
            {plan.badges.map((badge) => (
              <li key={badge}>
                <Badge variant="soft">{badge}</Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <ul aria-label={`${plan.name} plan features`} className="flex flex-1 flex-col gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {action && <div>{action}</div>}
    </Card>
  );
}
