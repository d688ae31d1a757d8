// A multi-line text box styled like Input, and a labelled version wired up like InputField.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { FieldFrame, type FieldFrameProps } from './form-field';

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

export type TextareaFieldProps = ComponentProps<'textarea'> &
  Omit<FieldFrameProps, 'children' | 'id' | 'className'> & {
    /** Class names for the wrapper; `className` styles the text area itself. */
    fieldClassName?: string;
  };

export function TextareaField({ label, error, hint, labelAside, id, fieldClassName, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} labelAside={labelAside} id={id} className={fieldClassName}>
      {(control) => <Textarea {...control} {...props} />}
    </FieldFrame>
  );
}
