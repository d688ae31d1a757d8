// Disconnect, after a confirmation: the server forgets the tokens; what was already sent stays in the CRM.
import { CRM_LABELS, type Crm } from '@fundwire/shared';
import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { useDisconnectCrm } from '../api';

export function DisconnectCrmButton({ crm }: { crm: Crm }) {
  const disconnect = useDisconnectCrm();
  const [confirm, setConfirm] = useState(false);
  const label = CRM_LABELS[crm];
  return (
    <>
      <Button variant="outline" onClick={() => setConfirm(true)}>
        <Unplug aria-hidden="true" />
        Disconnect {label}
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Disconnect ${label}?`}
        description={`Fundwire forgets its access to your ${label} account: nothing more is sent there, and saved searches stop sending new matches to it. Companies, people and notes already in ${label} stay there.`}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(crm, {
            onSuccess: () => {
              setConfirm(false);
              toast.success(`${label} disconnected`);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </>
  );
}
