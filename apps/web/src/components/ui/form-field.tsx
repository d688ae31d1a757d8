// A labelled input with its hint and error text wired up for screen readers (aria-describedby,
// aria-invalid). Spread react-hook-form's register() into it; React 19 passes the ref through.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Label } from './label';

/** The props that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** The field's validation message; marks the control invalid when set. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label row, control, and one line of help: the error, or else the hint. */
export function FieldFrame({ label, error, hint, labelAside, id, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAside}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {showHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export type InputFieldProps = ComponentProps<'input'> & Omit<FieldFrameProps, 'children' | 'id' | 'className'>;

export function InputField({ label, error, hint, labelAside, id, className, ...inputProps }: InputFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} labelAside={labelAside} id={id} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </FieldFrame>
  );
}
