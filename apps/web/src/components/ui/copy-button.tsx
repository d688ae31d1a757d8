// Copies a text to the clipboard and says so: the icon turns to a tick and screen readers hear "Copied".
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

export interface CopyButtonProps {
  text: string;
  /** The button's accessible name, e.g. "Copy email robin@acme.com". */
  label: string;
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';
const RESET_MS = 2_000;

export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        data-testid="copy-button"
        aria-label={label}
        onClick={() => void copy()}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4',
          className,
        )}
      >
        {state === 'copied' ? <Check aria-hidden="true" className="text-green-700" /> : <Copy aria-hidden="true" />}
      </button>
      <span role="status" aria-live="polite" data-testid="copy-status" className={cn('text-xs', state === 'failed' ? 'text-destructive' : 'text-green-700')}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the address instead' : ''}
      </span>
    </span>
  );
}
