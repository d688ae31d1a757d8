import { describe, expect, it } from 'vitest';
import { setFlashToast, takeFlashToast } from './flash-toast';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    size: () => items.size,
  };
}

describe('flash toast', () => {
  it('hands a parked message to the next page exactly once', () => {
    const storage = memoryStorage();
    setFlashToast('Signed in successfully!', 'success', storage);
    expect(takeFlashToast(storage)).toEqual({ kind: 'success', message: 'Signed in successfully!' });
    expect(takeFlashToast(storage)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it('keeps only the latest message', () => {
    const storage = memoryStorage();
    setFlashToast('first', 'success', storage);
    setFlashToast('second', 'error', storage);
    expect(takeFlashToast(storage)).toEqual({ kind: 'error', message: 'second' });
  });

  it('shows nothing for an empty or damaged entry, and still removes it', () => {
    for (const stored of ['', 'not json', 'null', '{"kind":"error"}', '{"message":""}']) {
      const storage = memoryStorage();
      storage.setItem('fundwire:flash-toast', stored);
      expect(takeFlashToast(storage)).toBeNull();
      expect(storage.size()).toBe(0);
    }
  });

  it('does nothing without storage, or when storage throws', () => {
    expect(() => setFlashToast('x', 'success', null)).not.toThrow();
    expect(takeFlashToast(null)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => setFlashToast('x', 'success', broken)).not.toThrow();
    expect(takeFlashToast(broken)).toBeNull();
  });
});
