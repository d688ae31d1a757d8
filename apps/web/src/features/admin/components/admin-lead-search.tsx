import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
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
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder="Search companies..."
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}
