// Cards | Table: the lead screens' view switch, a labelled group of two toggles; and the table's density switch.
import { LayoutGrid, Rows2, Rows4, Table2 } from 'lucide-react';
import type { LeadTableDensity } from '@/components/leads/lead-table';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { isLeadViewMode, type LeadViewMode } from '@/lib/leads/view-mode';

export function LeadViewToggle({ value, onChange, className }: { value: LeadViewMode; onChange: (mode: LeadViewMode) => void; className?: string }) {
  return (
    <ToggleGroup
      type="single"
      aria-label="View"
      data-testid="lead-view-toggle"
      value={value}
      // Radix reports '' when the pressed item is pressed again: keep the current view then.
      onValueChange={(next) => isLeadViewMode(next) && onChange(next)}
      className={className}
    >
      <ToggleGroupItem value="cards">
        <LayoutGrid aria-hidden="true" />
        Cards
      </ToggleGroupItem>
      <ToggleGroupItem value="table">
        <Table2 aria-hidden="true" />
        Table
      </ToggleGroupItem>
    </ToggleGroup>
  );
}

export const LEAD_TABLE_DENSITIES = ['comfortable', 'compact'] as const satisfies readonly LeadTableDensity[];

/** Comfortable | Compact: how many table rows fit on a wide screen (the phone list has one density). */
export function LeadDensityToggle({ value, onChange, className }: { value: LeadTableDensity; onChange: (density: LeadTableDensity) => void; className?: string }) {
  return (
    <ToggleGroup
      type="single"
      aria-label="Density"
      data-testid="lead-density-toggle"
      value={value}
      onValueChange={(next) => {
        const density = LEAD_TABLE_DENSITIES.find((choice) => choice === next);
        if (density) onChange(density);
      }}
      className={className}
    >
      <ToggleGroupItem value="comfortable">
        <Rows2 aria-hidden="true" />
        Comfortable
      </ToggleGroupItem>
      <ToggleGroupItem value="compact">
        <Rows4 aria-hidden="true" />
        Compact
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
