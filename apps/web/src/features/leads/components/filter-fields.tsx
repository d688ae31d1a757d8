// The fields the lead filter bar is made of: a filter under its label, a labelled multi-select (industries, rounds),
// an on/off filter under a small heading, and the typed boxes (amounts, dates) bound to a draft that runs ahead of
// the URL while the user types.
import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MultiSelect, type MultiSelectProps } from '@/components/ui/multi-select';
import type { DraftField } from '../hooks/use-lead-view';

const FIELD_CLASS = 'grid min-w-0 content-start gap-1.5';

/** A filter with its visible label above it. */
export function FilterField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className={FIELD_CLASS}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** Several choices from a list; its button is named by the label and then its value. */
export function FilterMultiSelect({ label, ...props }: Omit<MultiSelectProps, 'labelId'> & { label: string }) {
  const labelId = `${props.id}-label`;
  return (
    <div className={FIELD_CLASS}>
      <Label id={labelId} htmlFor={props.id}>
        {label}
      </Label>
      <MultiSelect {...props} labelId={labelId} />
    </div>
  );
}

export interface FilterCheckboxProps {
  id: string;
  /** The small heading above the box ("Show", "Email"). */
  heading: string;
  /** The box's own label. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** An on/off filter: a native checkbox (Space toggles it) under a small heading. */
export function FilterCheckbox({ id, heading, label, checked, onChange, testId }: FilterCheckboxProps) {
  return (
    <div className={FIELD_CLASS}>
      <span className="text-sm leading-none font-medium">{heading}</span>
      <label htmlFor={id} className="inline-flex min-h-9 items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          data-testid={testId}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        {label}
      </label>
    </div>
  );
}

/** One end of the amount range, named only for screen readers (the fieldset's legend is the visible label). */
export function AmountInput({ id, label, placeholder, field, helpId }: { id: string; label: string; placeholder: string; field: DraftField; helpId: string }) {
  return (
    <Input
      id={id}
      aria-label={label}
      aria-describedby={helpId}
      aria-invalid={field.invalid || undefined}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      value={field.text}
      onChange={(event) => field.setText(event.target.value)}
    />
  );
}

export interface DateInputProps {
  id: string;
  label: string;
  field: DraftField;
  /** The error under the pair of dates, while there is one. */
  helpId: string | undefined;
  min?: string;
  max?: string;
}

/** One end of the custom date range, with its small label above it. */
export function DateInput({ id, label, field, helpId, min, max }: DateInputProps) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        aria-describedby={helpId}
        aria-invalid={field.invalid || undefined}
        min={min}
        max={max}
        value={field.text}
        onChange={(event) => field.setText(event.target.value)}
      />
    </div>
  );
}
