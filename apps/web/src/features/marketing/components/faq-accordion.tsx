// The landing page's FAQ: an accordion where one answer is open at a time. Native <details> elements
// sharing a name do that in current browsers, with or without JavaScript; onToggle does it in older ones.
import { ChevronDown } from 'lucide-react';
import type { SyntheticEvent } from 'react';
import { closeOtherAnswers } from '../accordion';
import type { FaqItem } from '../faq';

export const FAQ_GROUP = 'faq';

export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => closeOtherAnswers(event.currentTarget);
  return (
    <div data-accordion="" className="divide-y divide-border rounded-lg border border-border bg-background">
      {items.map((item) => (
        <details key={item.id} name={FAQ_GROUP} data-testid="faq-item" data-faq={item.id} className="group" onToggle={onToggle}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-5 py-4 text-left font-medium transition-colors hover:bg-subtle focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none" />
          </summary>
          <p className="px-5 pb-5 leading-7 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
