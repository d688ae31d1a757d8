// Add New Lead / Edit Lead (docs/product/SPEC.md sections 2, 4 and 5): the lead's fields, its contact rows, and
// the server's verdict shown next to the fields it concerns.
import { AMOUNT_FORMAT_HINT, describeAmount, FIXED_INDUSTRIES, FUNDING_ROUNDS, parseAmount, UNDISCLOSED, type Lead } from '@fundwire/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { BusyDialog } from '@/components/ui/busy-dialog';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { TextareaField } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useSaveLead } from '../api';
import { buildLeadInput, EMPTY_CONTACT, emptyLeadFormValues, leadFormSchema, leadToFormValues, type LeadFormField, type LeadFormValues } from '../lead-form';
import { ADMIN_MESSAGES } from '../messages';
import { ApiError, serverMessage } from '@/lib/api-client';
import { sortServerIssues } from '../server-issues';

export interface LeadFormDialogProps {
  open: boolean;
  /** The lead being edited, or null to add a new one. */
  lead: Lead | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful save, once the success toast is up. */
  onSaved: () => void;
}

export function LeadFormDialog({ open, lead, onOpenChange, onSaved }: LeadFormDialogProps) {
  const save = useSaveLead();
  const saving = save.isPending;
  return (
    <BusyDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={saving}
      data-testid="lead-form-dialog"
      className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0"
    >
      {/* A column: the header, the form's fields (the only part that scrolls), and the Save/Cancel bar. The bar
          sits outside the scrolling part, so no field can be scrolled under it. */}
      <DialogHeader className="px-6 pt-6 pb-4">
        <DialogTitle>{lead ? 'Edit Lead' : 'Add New Lead'}</DialogTitle>
        <DialogDescription>
          {lead ? `Change what is on file for ${lead.companyName}.` : 'Leave the amount empty and choose Undisclosed when they are not known.'} Contacts need a
          name; the email may be left empty.
        </DialogDescription>
      </DialogHeader>
      {/* Mounted only while open, so each opening starts from the lead as saved. */}
      <LeadForm
        key={lead?.id ?? 'new'}
        lead={lead}
        saving={saving}
        onCancel={() => onOpenChange(false)}
        onSubmit={(values, setServerErrors) => {
          const { input, contactRows } = buildLeadInput(values, lead ?? undefined);
          const failure = lead ? ADMIN_MESSAGES.updateFailed : ADMIN_MESSAGES.createFailed;
          save.mutate(
            { id: lead?.id, input },
            {
              onSuccess: () => {
                toast.success(lead ? ADMIN_MESSAGES.updated : ADMIN_MESSAGES.created);
                onSaved();
              },
              onError: (error) => {
                const issues = error instanceof ApiError ? sortServerIssues(error.body, contactRows) : null;
                const message = serverMessage(error, failure);
                // Field issues show beside their fields; the banner keeps what no field owns (a duplicate lead, say).
                setServerErrors(issues?.fields ?? [], issues ? issues.other : [message ?? failure]);
                toast.error(failure, message ? { description: message } : undefined);
              },
            },
          );
        }}
      />
    </BusyDialog>
  );
}

type SetServerErrors = (fields: { field: LeadFormField; message: string }[], messages: string[]) => void;

interface LeadFormProps {
  lead: Lead | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: LeadFormValues, setServerErrors: SetServerErrors) => void;
}

function LeadForm({ lead, saving, onCancel, onSubmit }: LeadFormProps) {
  const id = useId();
  const [defaultValues] = useState(() => (lead ? leadToFormValues(lead) : emptyLeadFormValues()));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<LeadFormValues>({ resolver: zodResolver(leadFormSchema), defaultValues });
  const { fields: contactRows, append, remove } = useFieldArray({ control, name: 'contacts' });
  // What the server said that no single field owns (a duplicate lead, an unexpected failure).
  const [formErrors, setFormErrors] = useState<string[]>([]);

  // The first field the server objected to gets focus once the form is enabled again.
  const focusAfterSave = useRef<LeadFormField | null>(null);
  useEffect(() => {
    if (saving || !focusAfterSave.current) return;
    setFocus(focusAfterSave.current, { shouldSelect: false });
    focusAfterSave.current = null;
  }, [saving, setFocus]);

  const setServerErrors: SetServerErrors = (fields, messages) => {
    fields.forEach(({ field, message }) => setError(field, { type: 'server', message }));
    focusAfterSave.current = fields[0]?.field ?? null;
    setFormErrors(messages);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    void handleSubmit((values) => {
      setFormErrors([]);
      onSubmit(values, setServerErrors);
    })(event);
  };

  const roundId = `${id}-round`;
  const roundErrorId = `${roundId}-error`;
  const industriesId = `${id}-industries`;

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={saving || undefined}>
      <div data-testid="lead-form-fields" className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 pt-1 pb-6">
        <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Company and funding</legend>
          <InputField label="Company Name" required autoComplete="off" error={errors.companyName?.message} {...register('companyName')} />
          <InputField
            label="Domain"
            required
            placeholder="acme.com"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.domain?.message}
            {...register('domain')}
          />
          <InputField
            label="Industry"
            list={industriesId}
            placeholder="Unknown"
            hint="Leave empty if unknown."
            autoComplete="off"
            error={errors.industry?.message}
            {...register('industry')}
          />
          <datalist id={industriesId}>
            {FIXED_INDUSTRIES.map((industry) => (
              <option key={industry} value={industry} />
            ))}
          </datalist>
          <InputField
            label="Location"
            placeholder="Unknown"
            hint="Leave empty if unknown."
            autoComplete="off"
            error={errors.location?.message}
            {...register('location')}
          />
          <FundingAmountField control={control} error={errors.fundingAmount?.message} register={register} />
          <div className="grid content-start gap-2">
            <Label htmlFor={roundId}>Funding Round</Label>
            <Select
              id={roundId}
              required
              aria-invalid={errors.fundingRound ? true : undefined}
              aria-describedby={errors.fundingRound ? roundErrorId : undefined}
              {...register('fundingRound')}
            >
              {defaultValues.fundingRound === '' && (
                <option value="" disabled>
                  Choose a round
                </option>
              )}
              {FUNDING_ROUNDS.map((round) => (
                <option key={round} value={round}>
                  {round}
                </option>
              ))}
              <option value={UNDISCLOSED}>{UNDISCLOSED}</option>
            </Select>
            {errors.fundingRound && (
              <p id={roundErrorId} className="text-sm text-destructive">
                {errors.fundingRound.message}
              </p>
            )}
          </div>
          <InputField label="Funding Date" type="date" required error={errors.fundingDate?.message} {...register('fundingDate')} />
          <TextareaField
            label="Description"
            required
            rows={4}
            fieldClassName="sm:col-span-2"
            error={errors.description?.message}
            {...register('description')}
          />
        </fieldset>

        <fieldset disabled={saving} className="grid gap-3">
          <legend className="mb-3 text-sm font-semibold">Contacts</legend>
          {contactRows.map((row, index) => (
            <fieldset key={row.id} data-testid="contact-row" className="relative grid gap-3 rounded-md border border-border p-4 sm:grid-cols-2">
              <legend className="px-1 text-xs font-medium text-muted-foreground">Contact {index + 1}</legend>
              {contactRows.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute -top-1 right-2 h-7 px-2 text-muted-foreground"
                  aria-label={`Remove contact ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" />
                  Remove
                </Button>
              )}
              <InputField label="Name" autoComplete="off" error={errors.contacts?.[index]?.name?.message} {...register(`contacts.${index}.name`)} />
              <InputField
                label="Role"
                autoComplete="off"
                placeholder="CEO"
                error={errors.contacts?.[index]?.role?.message}
                {...register(`contacts.${index}.role`)}
              />
              <InputField
                label="Email"
                type="email"
                autoComplete="off"
                inputMode="email"
                error={errors.contacts?.[index]?.email?.message}
                {...register(`contacts.${index}.email`)}
              />
              <InputField
                label="LinkedIn"
                type="url"
                autoComplete="off"
                placeholder="https://www.linkedin.com/in/…"
                error={errors.contacts?.[index]?.linkedIn?.message}
                {...register(`contacts.${index}.linkedIn`)}
              />
            </fieldset>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => append({ ...EMPTY_CONTACT }, { focusName: `contacts.${contactRows.length}.name` })}
          >
            <Plus aria-hidden="true" />
            Add Contact
          </Button>
        </fieldset>

        {formErrors.length > 0 && (
          <div role="alert" data-testid="lead-form-error" className="rounded-md border border-red-200 bg-red-50/60 px-4 py-3 text-sm text-red-800">
            {formErrors.map((message) => (
              <p key={message} className="break-words">
                {message}
              </p>
            ))}
          </div>
        )}
      </div>

      {/* Kept in view at the bottom of the dialog: the form is longer than most screens. */}
      <DialogFooter className="shrink-0 flex-row border-t border-border bg-background px-6 py-4 sm:justify-end">
        <Button variant="outline" className="flex-1 sm:flex-none" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" className="flex-1 sm:flex-none" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving...' : lead ? 'Save Changes' : 'Save Lead'}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface FundingAmountFieldProps {
  control: Control<LeadFormValues>;
  register: UseFormRegister<LeadFormValues>;
  error: string | undefined;
}

/** The amount in dollars, with the shorthand every amount field takes, and the figure it will be saved as underneath. */
function FundingAmountField({ control, register, error }: FundingAmountFieldProps) {
  const text = useWatch({ control, name: 'fundingAmount' });
  const amount = parseAmount(text);
  const hint = amount !== null ? describeAmount(amount) : text.trim() === '' ? `Empty: saved as undisclosed. ${AMOUNT_FORMAT_HINT}` : AMOUNT_FORMAT_HINT;
  return (
    <InputField
      label="Funding Amount (USD)"
      inputMode="decimal"
      autoComplete="off"
      placeholder="Undisclosed, or e.g. 2.5M"
      hint={hint}
      error={error}
      {...register('fundingAmount')}
    />
  );
}
