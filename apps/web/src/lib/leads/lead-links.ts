// Turning stored link text (domains, LinkedIn URLs, emails) into safe hrefs. Lead data is typed in by
// an admin or imported, so anything that is not plain http(s) or an email is not linked.

/** An http(s) URL for a stored link, adding https:// to a bare host; null when it is not a web link. */
export function externalHref(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.')) return null;
  return url.href;
}

/** A domain as people read it: no scheme, no "www.", no trailing slash. */
export function displayDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
}

// No "?" or "#": a mailto: link must not pick up extra headers (cc, bcc, subject) from the data.
const EMAIL = /^[^\s@<>()[\]\\,;:"?#]+@[^\s@<>()[\]\\,;:"?#]+\.[^\s@<>()[\]\\,;:"?#]+$/;

/** A mailto: link for a plausible email address, or null. */
export function mailtoHref(email: string): string | null {
  const text = email.trim();
  return EMAIL.test(text) ? `mailto:${text}` : null;
}
