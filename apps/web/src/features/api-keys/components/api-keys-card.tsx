// Profile's "API keys" card (issue 16): create a named key (its secret shown once), list and revoke keys, and the
// link to the API reference. Keys need an active subscription; the card says so instead of asking the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyCreateBodySchema, API_RATE_LIMIT_PER_MINUTE, type ApiKey, type ApiKeyCreated } from '@fundwire/shared';
import { format } from 'date-fns';
import { Copy, KeyRound, LoaderCircle, Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { API_DOCS_URL, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api';

const day = (value: string) => format(new Date(value), 'MMM d, yyyy');

export function ApiKeysCard({ subscribed }: { subscribed: boolean }) {
  return (
    <Card className="grid gap-4 p-6" data-testid="api-keys-card">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">API keys</h2>
        <p className="text-sm text-muted-foreground">
          Call the Fundwire API with a key in the Authorization header, up to {API_RATE_LIMIT_PER_MINUTE} requests a minute per account (all your keys together).{' '}
          <a href={API_DOCS_URL} className="font-medium text-primary underline-offset-4 hover:underline">
            Read the API reference
          </a>
        </p>
      </div>
      {subscribed ? (
        <ApiKeys />
      ) : (
        <p className="text-sm" data-testid="api-keys-locked">
          API keys need an active subscription.{' '}
          <Link to={paths.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
            View plans
          </Link>
        </p>
      )}
    </Card>
  );
}

function ApiKeys() {
  const keys = useApiKeys(true);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <div className="grid gap-4">
      <CreateKeyForm onCreated={setCreated} />
      {keys.isPending ? (
        <Spinner label="Loading your API keys…" showLabel />
      ) : keys.isError ? (
        <ErrorState className="py-6" message={keys.error.message} onRetry={() => void keys.refetch()} retrying={keys.isFetching} />
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No keys yet. Name one above to create it.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Your API keys">
          {keys.data.map((key) => (
            <KeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ name: string }>({ resolver: zodResolver(apiKeyCreateBodySchema), defaultValues: { name: '' } });
  const onSubmit = handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (key) => {
        reset();
        onCreated(key);
      },
      onError: (error) => toast.error(error.message),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <InputField label="Key name" placeholder="e.g. CRM sync" autoComplete="off" className="sm:flex-1" error={errors.name?.message} {...register('name')} />
      <Button type="submit" className="sm:mt-7" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Plus aria-hidden="true" />}
        {create.isPending ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirm, setConfirm] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3" data-testid="api-key">
      <div className="grid min-w-0 gap-0.5">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="break-all">{apiKey.name}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          <code className="font-mono">{apiKey.prefix}</code> · Created {day(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${day(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={() => setConfirm(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Revoke “${apiKey.name}”?`}
        description="Requests with this key are refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setConfirm(false);
              toast.success(`Revoked “${apiKey.name}”`);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </li>
  );
}

function NewKeyDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('Key copied');
    } catch {
      toast.error('Could not copy. Select the key and copy it by hand.');
    }
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="api-key-created-dialog">
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>{created ? `“${created.name}” is ready.` : ''}</DialogDescription>
        </DialogHeader>
        <p role="note" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Copy it now: it is shown only this once. Keep it secret, like a password.
        </p>
        <code data-testid="api-key-secret" className="rounded-md bg-muted px-2 py-2 font-mono text-sm break-all select-all">
          {created?.key}
        </code>
        <DialogFooter>
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy key
          </Button>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
