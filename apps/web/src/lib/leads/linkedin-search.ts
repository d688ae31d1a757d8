// "Find on LinkedIn": links to LinkedIn's own people and company search, filled in with a name. Nothing is fetched or
// stored; the rep opens the search in a new tab and picks the right profile there.

const PEOPLE_SEARCH = 'https://www.linkedin.com/search/results/people/';
const COMPANY_SEARCH = 'https://www.linkedin.com/search/results/companies/';

/** Words joined by single spaces, blanks dropped. */
function keywords(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => (part ?? '').replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .join(' ');
}

function searchUrl(base: string, words: string): string | null {
  if (words === '') return null;
  return `${base}?keywords=${encodeURIComponent(words)}`;
}

/** LinkedIn's people search for "<name> <company>"; null without a name (a company alone finds the wrong people). */
export function linkedInPeopleSearchUrl(name: string, company: string): string | null {
  if (keywords(name) === '') return null;
  return searchUrl(PEOPLE_SEARCH, keywords(name, company));
}

/** LinkedIn's company search for the company's name; null without one. */
export function linkedInCompanySearchUrl(company: string): string | null {
  return searchUrl(COMPANY_SEARCH, keywords(company));
}
