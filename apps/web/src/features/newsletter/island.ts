/**
 * The `data-island` value of the newsletter form's container on the landing page, where
 * src/islands/landing.ts finds it. Apart from the form's module, so the page's entry can name it
 * without loading React.
 */
export const SUBSCRIBE_FORM_ISLAND = 'newsletter';
