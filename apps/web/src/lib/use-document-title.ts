import { PRODUCT_NAME } from '@fundwire/shared';
import { useEffect } from 'react';



/** Sets the tab title to "<title> · Fundwire" (or just "Fundwire") while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
