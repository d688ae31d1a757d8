// What every plan includes (docs/product/SPEC.md "Pricing page"), and the trial promise beside it.
import { INCLUDED_FEATURES, TRIAL_DAYS } from '@fundwire/shared';
import { BellRing, Building2, CalendarCheck, Contact, Mail, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

// Icons by position in INCLUDED_FEATURES: alerts, company profiles, contacts, email notifications.
const ICONS: LucideIcon[] = [BellRing, Building2, Contact, Mail];

export function IncludedFeatures({ className, headingId = 'included-features-heading' }: { className?: string; headingId?: string }) {
  return (
    <div className={cn('rounded-lg border border-border bg-subtle p-6 sm:p-8', className)}>
      <h2 id={headingId} className="text-lg font-semibold">
        Every plan includes
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {INCLUDED_FEATURES.map((feature, index) => {
          const Icon = ICONS[index % ICONS.length] ?? BellRing;
          return (
            <li key={feature} className="flex items-center gap-3 text-sm font-medium">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
                <Icon className="size-4" />
              </span>
              {feature}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "7-day free trial, cancel any time": the promise under the plan cards. */
export function TrialNote({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-start justify-center gap-2 text-center text-sm text-muted-foreground', className)}>
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        Every plan starts with a {TRIAL_DAYS}-day free trial. Cancel any time from your profile: you keep access until
        the end of the billing period.
      </span>
    </p>
  );
}
