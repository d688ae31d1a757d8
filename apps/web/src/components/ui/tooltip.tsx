// A short explanation that shows on hover, on keyboard focus and (for touch screens) on a tap of its trigger.
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface TooltipProps {
  /** A focusable element (a button or link), so keyboard users reach the tip too. */
  children: ReactElement;
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

export function Tooltip({ children, content, side = 'top', className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger
          asChild
          // A tap toggles the tip (touch screens have no hover); Radix would otherwise close it on press.
          onPointerDown={(event) => event.preventDefault()}
          // Only a pointer that moves opens it: a dialog opening under a resting mouse fires a move without movement, and
          // a tip opened that way would take the Escape meant for the dialog.
          onPointerMove={(event) => {
            if (event.movementX === 0 && event.movementY === 0) event.preventDefault();
          }}
          // Keyboard focus opens it; focus a script moves after a click does not.
          onFocus={(event) => {
            if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
          }}
          onClick={(event) => {
            event.preventDefault();
            setOpen((value) => !value);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-[min(18rem,calc(100vw-1rem))] rounded-md bg-zinc-900 px-3 py-2 text-xs leading-relaxed text-white shadow-md',
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-zinc-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
