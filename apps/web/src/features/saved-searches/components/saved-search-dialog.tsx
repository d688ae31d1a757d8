// Save search / Edit: the name, the filters (as removable chips when editing), and the alert channels.
import { zodResolver } from '@hookform/resolvers/zod';
import { SAVED_SEARCH_EMAIL_MODES, SAVED_SEARCH_LIMIT_MESSAGE, type Crm, type SavedSearch, type SavedSearchFilter } from '@fundwire/shared';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { FormInput, INPUT_KINDS } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldFrame } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { useSaveSearch } from '../api';
import { EMAIL_MODE_LABELS, savedSearchFormSchema, type SavedSearchFormValues } from '../form';
import { describeSavedFilter, savedFilterChips } from '../saved-filter';
import { CrmChannelField } from './crm-channel-field';

export interface SavedSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this search; otherwise a new one with `filter`. */
  search?: SavedSearch;
  filter: SavedSearchFilter;
  /** The connected CRMs new matches may be sent to. */
  crmChoices?: readonly Crm[];
}

export function SavedSearchDialog({ open, onOpenChange, search, filter: initialFilter, crmChoices = [] }: SavedSearchDialogProps) {
  const save = useSaveSearch(search?.id);
  const navigate = useNavigate();
  const [filter, setFilter] = useState(initialFilter);
  const form = useForm<SavedSearchFormValues>({
    resolver: zodResolver(savedSearchFormSchema),
    defaultValues: {
      name: search?.name ?? '',
      email: search?.alerts.email ?? 'off',
      slackWebhookUrl: search?.alerts.slackWebhookUrl ?? '',
      webhookUrl: search?.alerts.webhookUrl ?? '',
      crm: search?.alerts.crm ?? 'none',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const chips = savedFilterChips(filter);

  const onOpen = (next: boolean) => {
    if (save.isPending) return;
    if (!next) {
      form.reset();
      setFilter(initialFilter);
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        name: values.name,
        filter,
        alerts: {
          email: values.email,
          slackWebhookUrl: values.slackWebhookUrl || null,
          webhookUrl: values.webhookUrl || null,
          crm: values.crm === 'none' ? null : values.crm,
        },
      },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          if (search) toast.success(`Saved “${saved.name}”`);
          // The toast lives outside the router: its action navigates rather than rendering a <Link>.
          else toast.success(`Search saved: ${saved.name}`, { action: { label: 'View saved searches', onClick: () => void navigate(paths.searches) } });
        },
        // The 409 at the limit carries the server's own words (SAVED_SEARCH_LIMIT_MESSAGE).
        onError: (error) => toast.error(error.message || SAVED_SEARCH_LIMIT_MESSAGE),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpen}>
      <DialogContent data-testid="saved-search-dialog">
        <DialogHeader>
          <DialogTitle>{search ? 'Edit saved search' : 'Save search'}</DialogTitle>
          <DialogDescription>
            {search ? 'Change the name, the filters and how you hear about new matches.' : 'Keep these filters and hear about new matching rounds.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormInput form={form} name="name" label="Name" autoComplete="off" placeholder="e.g. Series A fintech in Europe" />

          <div className="grid gap-2">
            <p className="text-sm font-medium">Filters</p>
            <p className="text-sm text-muted-foreground" data-testid="saved-search-dialog-summary">
              {describeSavedFilter(filter)}
            </p>
            {search && chips.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Filters of this search">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-2.5 text-xs">
                      <span className="break-all">{chip.label}</span>
                      <button
                        type="button"
                        className="rounded-full p-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                        aria-label={`Remove ${chip.label}`}
                        onClick={() => setFilter(chip.without)}
                      >
                        <X aria-hidden="true" className="size-3" />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <FieldFrame label="Email alerts" error={errors.email?.message}>
            {(control) => (
              <Select {...control} {...register('email')}>
                {SAVED_SEARCH_EMAIL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {EMAIL_MODE_LABELS[mode]}
                  </option>
                ))}
              </Select>
            )}
          </FieldFrame>
          <FormInput form={form} name="slackWebhookUrl" label="Slack incoming-webhook URL (optional)" {...INPUT_KINDS.url} placeholder="https://hooks.slack.com/services/…" />
          <FormInput
            form={form}
            name="webhookUrl"
            label="Webhook URL (optional)"
            {...INPUT_KINDS.url}
            placeholder="https://example.com/fundwire"
            hint="New matches are POSTed here, signed with the Standard Webhooks scheme."
          />
          <CrmChannelField choices={crmChoices} current={search?.alerts.crm ?? null} error={errors.crm?.message} {...register('crm')} />

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={save.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton busy={save.isPending} busyLabel="Saving…" spinner>
              {search ? 'Save changes' : 'Save search'}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
