// Sorting the lead table where the server sorts: a header button per sortable column on wide screens, and a Sort
// select above the phone list.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ariaSortFor, nextSortForColumn, sortFromOptionValue, sortOptions, sortOptionValue, type SortColumn } from '@/lib/leads/sort-params';
import { cn } from '@/lib/utils';
import type { LeadTableSort } from './lead-table-types';

const SORT_LABELS: Record<SortColumn, string> = { date: 'Date', amount: 'Amount', round: 'Round' };

export function SortHeader({
  column,
  sort,
  className,
  align = 'left',
}: {
  column: SortColumn;
  sort: LeadTableSort | undefined;
  className?: string;
  align?: 'left' | 'right';
}) {
  const label = SORT_LABELS[column];
  if (!sort) {
    return (
      <th scope="col" className={cn('px-3 py-2', align === 'right' && 'text-right', className)}>
        {label}
      </th>
    );
  }
  const state = ariaSortFor(sort.current, column, sort.searching);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={state} className={cn('px-1 py-1', className)}>
      <button
        type="button"
        data-testid={`sort-${column}`}
        onClick={() => sort.onChange(nextSortForColumn(sort.current, column, sort.searching))}
        className={cn(
          'inline-flex w-full items-center gap-1 rounded-sm px-2 py-1 text-xs font-medium hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
          align === 'right' && 'justify-end',
          state !== 'none' && 'text-foreground',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', state === 'none' && 'opacity-50')} />
      </button>
    </th>
  );
}

export function SortPicker({ sort }: { sort: LeadTableSort }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-sm">
        Sort
      </Label>
      <Select
        id={id}
        className="w-52 max-w-full"
        value={sortOptionValue(sort.current, sort.searching)}
        onChange={(event) => sort.onChange(sortFromOptionValue(event.target.value, sort.searching))}
      >
        {sortOptions(sort.searching).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
