// A lead's admin buttons, the same on its card and in its table row: Split (only for a lead several sources
// report), Edit and Delete, which spins while this lead is being deleted.
import type { Lead } from '@fundwire/shared';
import { LoaderCircle, Pencil, Split, Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface AdminLeadActionsProps {
  lead: Lead;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
  /** Asks to split a lead that several sources report back into one lead per source. */
  onSplit: (lead: Lead) => void;
  /** This lead is being deleted. */
  deleting: boolean;
  /** Another write is in flight: the buttons wait. */
  disabled: boolean;
}

interface Action {
  key: string;
  label: string;
  title?: string;
  icon: LucideIcon;
  destructive?: boolean;
  /** The icon turns: the action is under way. */
  spinning?: boolean;
  run: (lead: Lead) => void;
}

/** size: roomier on a card than in a table row. */
export function AdminLeadActions({ lead, onEdit, onDelete, onSplit, deleting, disabled, size }: AdminLeadActionsProps & { size: 'card' | 'row' }) {
  const actions: Action[] = [
    ...(lead.sources.length > 1 ? [{ key: 'split', label: 'Split', title: 'Split into one lead per source', icon: Split, run: onSplit }] : []),
    { key: 'edit', label: 'Edit', icon: Pencil, run: onEdit },
    { key: 'delete', label: 'Delete', icon: deleting ? LoaderCircle : Trash2, spinning: deleting, destructive: true, run: onDelete },
  ];
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.key}
          variant="ghost"
          size="icon"
          className={cn(size === 'card' ? 'size-9' : 'size-8', action.destructive && 'text-destructive hover:bg-red-50 hover:text-destructive')}
          aria-label={`${action.label} ${lead.companyName}`}
          title={action.title}
          disabled={disabled || deleting}
          onClick={() => action.run(lead)}
        >
          <action.icon aria-hidden="true" className={action.spinning ? 'animate-spin motion-reduce:animate-none' : undefined} />
        </Button>
      ))}
    </>
  );
}
