import { PRODUCT_NAME } from '@fundwire/shared';
import { useEffect } from 'react';

/** "<title> · Fundwire", or just "Fundwire". */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the tab title to "<title> · Fundwire" (or just "Fundwire") while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * A public page's whole title and meta description. The prerendered HTML already carries both; this
 * keeps them right when the page is reached by client-side navigation.
 */
export function usePageMeta(meta: { title: string; description: string }): void {
  const { title, description } = meta;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
