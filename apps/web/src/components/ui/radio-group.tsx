// A group of radio choices (Radix: arrow keys move between options, one tab stop). Each option is a
// whole clickable row with its label, so it is an easy target on a phone.
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-2', className)} {...props} />;
}

export type RadioGroupOptionProps = Omit<ComponentProps<typeof RadioGroupPrimitive.Item>, 'children'> & {
  label: ReactNode;
};

/** One choice: the round indicator and its label, bordered, highlighted when chosen. */
export function RadioGroupOption({ label, id, className, ...props }: RadioGroupOptionProps) {
  const generatedId = useId();
  const itemId = id ?? generatedId;
  return (
    <label
      htmlFor={itemId}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm transition-colors hover:bg-accent',
        'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/60',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
        className,
      )}
    >
      <RadioGroupPrimitive.Item
        id={itemId}
        data-slot="radio-group-item"
        className="flex size-4 shrink-0 items-center justify-center rounded-full border border-input bg-background shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary"
        {...props}
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Item>
      <span className="leading-snug">{label}</span>
    </label>
  );
}
