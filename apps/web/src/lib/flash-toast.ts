// A toast that survives a hard redirect: sign-in and sign-up reload the page on purpose (docs/product/SPEC.md
// section 4), and the prerendered pages' islands hand over to the whole app by loading the next page,
// which would wipe a toast shown just before. The message is parked in sessionStorage and shown once
// by the next page.

const FLASH_KEY = 'fundwire:flash-toast';

type FlashStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type FlashToastKind = 'success' | 'error' | 'info';

export interface FlashToast {
  kind: FlashToastKind;
  message: string;
}

function sessionStore(): FlashStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the toast is simply not carried over
  }
}

export function setFlashToast(message: string, kind: FlashToastKind = 'success', storage: FlashStorage | null = sessionStore()): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify({ kind, message } satisfies FlashToast));
  } catch {
    // quota or privacy errors: losing a toast is harmless
  }
}

function parseFlashToast(stored: string): FlashToast | null {
  try {
    const value = JSON.parse(stored) as Partial<FlashToast> | null;
    if (!value || typeof value.message !== 'string' || value.message === '') return null;
    return { kind: value.kind === 'error' || value.kind === 'info' ? value.kind : 'success', message: value.message };
  } catch {
    return null; // not ours, or damaged: show nothing
  }
}

/** The parked toast, removed so it shows once; null when there is none. */
export function takeFlashToast(storage: FlashStorage | null = sessionStore()): FlashToast | null {
  try {
    const stored = storage?.getItem(FLASH_KEY) ?? null;
    if (stored === null) return null;
    storage?.removeItem(FLASH_KEY);
    return parseFlashToast(stored);
  } catch {
    return null;
  }
}
