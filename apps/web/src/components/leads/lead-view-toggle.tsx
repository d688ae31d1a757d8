// Cards | Table: the lead screens' view switch, a labelled group of two toggles.
import { LayoutGrid, Table2 } from 'lucide-react';
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
