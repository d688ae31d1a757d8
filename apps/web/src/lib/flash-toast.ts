// A success toast that survives a hard redirect: sign-in and sign-up reload the page on purpose
// (SPEC.md section 4), which would wipe a toast shown just before. The message is parked in
// sessionStorage and shown once by the next page.

const FLASH_KEY = 'fundwire:flash-toast';

type FlashStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): FlashStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the toast is simply not carried over
  }
}

export function setFlashToast(message: string, storage: FlashStorage | null = sessionStore()): void {
  try {
    storage?.setItem(FLASH_KEY, message);
  } catch {
    // quota or privacy errors: losing a toast is harmless
  }
}

/** The parked message, removed so it shows once; null when there is none. */
export function takeFlashToast(storage: FlashStorage | null = sessionStore()): string | null {
  try {
    const message = storage?.getItem(FLASH_KEY) ?? null;
    if (message !== null) storage?.removeItem(FLASH_KEY);
    return message === '' ? null : message;
  } catch {
    return null;
  }
}
