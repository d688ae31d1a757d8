// Several choices from a list: a button that reads like a select ("All industries", "Fintech", "3 selected") and opens a
// popover of checkboxes (Radix: focus moves in, Escape or a click outside closes it and returns focus). Native
// checkboxes keep Space, Tab and screen readers working as everywhere else. Pair it with a <Label id> passed as labelId.
import { Check, ChevronDown } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useState } from 'react';
import { cn } from '@/lib/utils';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  id: string;
  /** The visible label's id: the button's name is the label and then its current value. */
  labelId: string;
  /** The popover's name, e.g. "Industries". */
  title: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** What the button reads with nothing chosen, e.g. "All industries". */
  placeholder: string;
  /** No more than this many may be chosen; the rest are disabled once it is reached. */
  max?: number;
  /** Shown instead of the list when there are no options (e.g. while they load). */
  emptyText?: string;
  className?: string;
}

export function MultiSelect({ id, labelId, title, options, selected, onChange, placeholder, max, emptyText, className }: MultiSelectProps) {
  // The boxes follow a click at once, even when the owner's state (e.g. the URL, updated in a transition) takes a moment
  // to catch up; whenever `selected` changes, it is the truth again.
  const [current, setCurrent] = useState(selected);
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setCurrent(selected);
  }
  const chosen = options.filter((option) => current.includes(option.value));
  const summary = chosen.length === 0 ? placeholder : chosen.length === 1 ? chosen[0]!.label : `${chosen.length} selected`;
  const full = max !== undefined && current.length >= max;
  const change = (next: string[]) => {
    setCurrent(next);
    onChange(next);
  };
  const toggle = (value: string, checked: boolean) =>
    change(checked ? [...current.filter((other) => other !== value), value] : current.filter((other) => other !== value));

  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger
        id={id}
        aria-labelledby={`${labelId} ${id}`}
        className={cn(
          'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background py-2 pr-3 pl-3 text-left text-base shadow-xs transition-colors sm:text-sm',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          className,
        )}
      >
        <span className={cn('truncate', chosen.length === 0 && 'text-foreground')}>{summary}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={title}
          className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-md border border-border bg-background p-1 shadow-lg"
        >
          {options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">{emptyText ?? 'Nothing to choose from'}</p>
          ) : (
            <fieldset className="max-h-[min(18rem,50dvh)] overflow-y-auto">
              <legend className="sr-only">{title}</legend>
              <ul className="grid">
                {options.map((option) => {
                  const checked = current.includes(option.value);
                  return (
                    <li key={option.value}>
                      <label
                        className={cn(
                          'flex min-h-10 cursor-pointer items-center gap-3 rounded-sm px-3 py-2 text-sm hover:bg-accent',
                          'has-[:focus-visible]:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
                        )}
                      >
                        <span className="relative flex size-4 shrink-0 items-center justify-center">
                          <input
                            type="checkbox"
                            className="peer size-4 appearance-none rounded-sm border border-input bg-background checked:border-primary checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                            checked={checked}
                            disabled={!checked && full}
                            onChange={(event) => toggle(option.value, event.target.checked)}
                          />
                          <Check
                            aria-hidden="true"
                            className="pointer-events-none absolute size-3 text-primary-foreground opacity-0 peer-checked:opacity-100"
                          />
                        </span>
                        <span className="min-w-0 break-words">{option.label}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
          {current.length > 0 && (
            <div className="border-t border-border p-1">
              <button
                type="button"
                className="w-full rounded-sm px-3 py-2 text-left text-sm text-primary hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => change([])}
              >
                Clear {title.toLowerCase()}
              </button>
            </div>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
