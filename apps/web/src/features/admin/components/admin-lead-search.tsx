import { useId } from 'react';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { MAX_SEARCH_LENGTH } from '@/lib/leads/view-params';

export interface AdminLeadSearchProps {
  value: string;
  onChange: (text: string) => void;
}

/** The admin's search across every lead on file (the server's search, debounced by the caller). */
export function AdminLeadSearch({ value, onChange }: AdminLeadSearchProps) {
  const id = useId();
  return (
    <div role="search" className="grid max-w-xl gap-1.5">
      <Label htmlFor={id}>Search</Label>
      <SearchInput id={id} placeholder="Search companies..." maxLength={MAX_SEARCH_LENGTH} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
