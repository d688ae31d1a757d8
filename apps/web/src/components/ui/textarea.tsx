// A multi-line text box styled like Input, and a labelled version wired up like InputField.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base leading-relaxed shadow-xs transition-colors sm:text-sm',
        'placeholder:text-muted-foreground/80',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30',
        className,
      )}
      {...props}
    />
  );
}

export type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  /** The field's validation message; marks the text area invalid when set. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a button that fills the field in. */
  labelAside?: ReactNode;
  /** Class names for the wrapper; `className` styles the text area itself. */
  fieldClassName?: string;
};

export function TextareaField({ label, error, hint, labelAside, id, fieldClassName, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const hintId = `${textareaId}-hint`;
  const errorId = `${textareaId}-error`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;

  return (
    <div className={cn('grid gap-2', fieldClassName)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={textareaId}>{label}</Label>
        {labelAside}
      </div>
      <Textarea id={textareaId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
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
