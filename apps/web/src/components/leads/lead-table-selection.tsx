// Picking rows in the lead table: a native checkbox per row, and the "select all leads on screen" box that is
// checked, unchecked or in between as the rows on screen are.
import { useEffect, useRef } from 'react';
import type { LeadSelection } from '@/lib/leads/use-lead-selection';

interface SelectBoxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  indeterminate?: boolean;
  disabled?: boolean;
  /** Show the label beside the box (the phone's "select all") instead of only to screen readers. */
  labelHidden?: boolean;
  testId?: string;
}

/** A native checkbox (Space toggles it), with its "some selected" state set through the DOM. */
export function SelectBox({ label, checked, onChange, indeterminate = false, disabled = false, labelHidden = true, testId }: SelectBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <>
      <input
        ref={ref}
        type="checkbox"
        data-testid={testId}
        aria-label={labelHidden ? label : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer accent-primary align-middle focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
      />
      {!labelHidden && <span>{label}</span>}
    </>
  );
}

export interface SelectAllBoxProps {
  leads: readonly { id: string }[];
  selection: LeadSelection;
  /** Show the label beside the box (the phone's) instead of only to screen readers. */
  labelHidden?: boolean;
  testId?: string;
}

/** Selects or unselects every lead on screen; in between while only some are selected. */
export function SelectAllBox({ leads, selection, labelHidden, testId }: SelectAllBoxProps) {
  const ids = leads.map((lead) => lead.id);
  const selectedCount = ids.filter((id) => selection.ids.has(id)).length;
  const allSelected = selectedCount > 0 && selectedCount === ids.length;
  return (
    <SelectBox
      label="Select all leads on screen"
      checked={allSelected}
      indeterminate={selectedCount > 0 && !allSelected}
      onChange={(checked) => selection.setMany(ids, checked)}
      disabled={ids.length === 0}
      labelHidden={labelHidden}
      testId={testId}
    />
  );
}

/** The box that selects one lead's row. */
export function RowSelectBox({ lead, selection }: { lead: { id: string; companyName: string }; selection: LeadSelection }) {
  return <SelectBox label={`Select ${lead.companyName}`} checked={selection.ids.has(lead.id)} onChange={(checked) => selection.toggle(lead.id, checked)} />;
}
