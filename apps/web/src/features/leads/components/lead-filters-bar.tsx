// Search, industry and (on the historical page) date range. Values come from and go to the URL.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { DATE_RANGES, isDateRangeKey, type DateRangeKey } from '@/lib/leads/date-range';
import { MAX_SEARCH_LENGTH } from '@/lib/leads/view-params';

export interface LeadFiltersBarProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  industry: string;
  onIndustryChange: (industry: string) => void;
  /** From the stats response; undefined while it loads. */
  industries: readonly string[] | undefined;
  /** Shown only when both are given (the historical page). */
  range?: DateRangeKey;
  onRangeChange?: (range: DateRangeKey) => void;
  className?: string;
}

export function LeadFiltersBar({
  searchText,
  onSearchTextChange,
  industry,
  onIndustryChange,
  industries,
  range,
  onRangeChange,
  className,
}: LeadFiltersBarProps) {
  const id = useId();
  const searchId = `${id}-search`;
  const industryId = `${id}-industry`;
  const rangeId = `${id}-range`;
  const withRange = range !== undefined && onRangeChange !== undefined;
  // A shared link may name an industry the stats do not list (yet); keep it selectable.
  const industryOptions = industries ?? [];
  const options = industry && !industryOptions.includes(industry) ? [industry, ...industryOptions] : industryOptions;

  return (
    <div
      role="search"
      aria-label="Filter leads"
      className={cn(
        'grid gap-3',
        withRange ? 'grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_13rem]' : 'sm:grid-cols-[minmax(0,1fr)_14rem]',
        className,
      )}
    >
      <div className={cn('grid gap-1.5', withRange && 'col-span-2 lg:col-span-1')}>
        <Label htmlFor={searchId}>Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            placeholder="Search companies..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_SEARCH_LENGTH}
            value={searchText}
            onChange={(event) => onSearchTextChange(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={industryId}>Industry</Label>
        <Select id={industryId} value={industry} onChange={(event) => onIndustryChange(event.target.value)}>
          <option value="">All Industries</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>

      {withRange && (
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={rangeId}>Date range</Label>
          <Select
            id={rangeId}
            value={range}
            onChange={(event) => {
              if (isDateRangeKey(event.target.value)) onRangeChange(event.target.value);
            }}
          >
            {DATE_RANGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
