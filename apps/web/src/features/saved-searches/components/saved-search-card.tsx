// One saved search on /searches: its name, filters in words, new matches, alert channels, and its actions.
import { CRM_LABELS, type Crm, type SavedSearch } from '@fundwire/shared';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { pluralize } from '@/lib/format';
import { useDeleteSavedSearch, useMarkSavedSearchViewed } from '../api';
import { EMAIL_MODE_LABELS } from '../form';
import { describeSavedFilter, savedFilterSearchParams } from '../saved-filter';
import { SavedSearchDialog } from './saved-search-dialog';
import { WebhookPanel } from './webhook-panel';

function channels(search: SavedSearch): string[] {
  const list: string[] = [];
  if (search.alerts.email !== 'off') list.push(`Email: ${EMAIL_MODE_LABELS[search.alerts.email].toLowerCase()}`);
  if (search.alerts.slackWebhookUrl) list.push('Slack');
  if (search.alerts.webhookUrl) list.push('Webhook');
  if (search.alerts.crm) list.push(CRM_LABELS[search.alerts.crm]);
  return list;
}

export interface SavedSearchCardProps {
  search: SavedSearch;
  today: Date;
  /** The connected CRMs new matches may be sent to (the Edit dialog's choice). */
  crmChoices?: readonly Crm[];
}

export function SavedSearchCard({ search, today, crmChoices }: SavedSearchCardProps) {
  const navigate = useNavigate();
  const viewed = useMarkSavedSearchViewed();
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = `saved-search-${search.id}`;
  const alertChannels = channels(search);

  const open = () => {
    viewed.mutate(search.id);
    void navigate({ pathname: paths.historical, search: savedFilterSearchParams(search.filter, today).toString() });
  };

  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words">
          {search.name}
        </h2>
        {search.newCount > 0 ? (
          <Badge variant="soft" data-testid="saved-search-new">
            {search.newCount} new
          </Badge>
        ) : (
          <span className="text-xs text-muted-foreground" data-testid="saved-search-new">
            Nothing new
          </span>
        )}
      </div>
      <p className="text-sm text-muted-foreground" data-testid="saved-search-summary">
        {describeSavedFilter(search.filter)}
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">Alerts: </span>
        {alertChannels.length > 0 ? alertChannels.join(' · ') : 'none'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={open} aria-label={`Open ${search.name}`}>
          <ExternalLink aria-hidden="true" />
          Open
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${search.name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)} aria-label={`Delete ${search.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {(search.alerts.webhookUrl || search.alerts.slackWebhookUrl) && <WebhookPanel search={search} />}
      {editing && <SavedSearchDialog open={editing} onOpenChange={setEditing} search={search} filter={search.filter} crmChoices={crmChoices} />}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete “${search.name}”?`}
        description={`Its alerts stop. ${search.newCount > 0 ? `${pluralize(search.newCount, 'new match', 'new matches')} stay in the archive.` : 'The leads stay in the archive.'}`}
        confirmLabel="Delete search"
        busyLabel="Deleting…"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(search.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast.success(`Deleted “${search.name}”`);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </Card>
  );
}
