// Cards | Table: the lead screens' view switch, a labelled group of two toggles; and the table's density switch.
import { LayoutGrid, Rows2, Rows4, Table2, type LucideIcon } from 'lucide-react';
import type { LeadTableDensity } from '@/components/leads/lead-table';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { LeadViewMode } from '@/lib/leads/view-mode';

interface Choice<T extends string> {
  value: T;
  label: string;
  icon: LucideIcon;
}

/** A labelled group of toggles, one of which is pressed. Radix reports '' when the pressed item is pressed again: the
 * current choice stays then. */
function ChoiceToggle<T extends string>(props: { label: string; testId: string; choices: readonly Choice<T>[]; value: T; onChange: (next: T) => void; className?: string }) {
  const { label, testId, choices, value, onChange, className } = props;
  return (
    <ToggleGroup
      type="single"
      aria-label={label}
      data-testid={testId}
      value={value}
      onValueChange={(next) => {
        const choice = choices.find((candidate) => candidate.value === next);
        if (choice) onChange(choice.value);
      }}
      className={className}
    >
      {choices.map(({ value: choice, label: text, icon: Icon }) => (
        <ToggleGroupItem key={choice} value={choice}>
          <Icon aria-hidden="true" />
          {text}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}

const VIEW_CHOICES = [
  { value: 'cards', label: 'Cards', icon: LayoutGrid },
  { value: 'table', label: 'Table', icon: Table2 },
] as const satisfies readonly Choice<LeadViewMode>[];

export function LeadViewToggle({ value, onChange, className }: { value: LeadViewMode; onChange: (mode: LeadViewMode) => void; className?: string }) {
  return <ChoiceToggle label="View" testId="lead-view-toggle" choices={VIEW_CHOICES} value={value} onChange={onChange} className={className} />;
}

export const LEAD_TABLE_DENSITIES = ['comfortable', 'compact'] as const satisfies readonly LeadTableDensity[];

const DENSITY_CHOICES = [
  { value: 'comfortable', label: 'Comfortable', icon: Rows2 },
  { value: 'compact', label: 'Compact', icon: Rows4 },
] as const satisfies readonly Choice<LeadTableDensity>[];

/** Comfortable | Compact: how many table rows fit on a wide screen (the phone list has one density). */
export function LeadDensityToggle({ value, onChange, className }: { value: LeadTableDensity; onChange: (density: LeadTableDensity) => void; className?: string }) {
  return <ChoiceToggle label="Density" testId="lead-density-toggle" choices={DENSITY_CHOICES} value={value} onChange={onChange} className={className} />;
}
