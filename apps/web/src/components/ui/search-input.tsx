// A search box: the magnifier inside the field, no autocomplete, and the keyboard's Search key on phones.
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" autoComplete="off" enterKeyHint="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
