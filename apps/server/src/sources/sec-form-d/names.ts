// Names as people write them (issue 31): SEC filings are in capitals and split names in parts ("CHISHOLM" /
// "GLENN" / "LINDORES"); shown as "Glenn Lindores Chisholm" and "San Francisco, CA", the filed text kept beside.

const ROMAN = /^(?:i{1,3}|iv|v|vi{1,3}|ix|x)$/i;
const SMALL = new Set(['de', 'da', 'del', 'della', 'der', 'di', 'du', 'la', 'le', 'van', 'von', 'y', 'bin', 'al']);

/** One word in title case: McDonald, O'Brien, Smith-Jones, III, Jr. */
function titleWord(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  if (ROMAN.test(lower) && !first) return lower.toUpperCase();
  if (!first && SMALL.has(lower)) return lower;
  return lower
    .split(/([-'’])/)
    .map((part) => {
      if (part === '-' || part === "'" || part === '’' || part === '') return part;
      const cased = part.charAt(0).toUpperCase() + part.slice(1);
      // McDonald, MacArthur is ambiguous (Mack, Macy): only Mc is cased inside.
      return /^Mc[a-z]{2,}/.test(cased) ? `Mc${cased.charAt(2).toUpperCase()}${cased.slice(3)}` : cased;
    })
    .join('');
}

/** Text in capitals (or all lower case) in title case; text someone already cased ("DeShawn", "eBay") stays. */
export function titleCase(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const letters = trimmed.replace(/[^\p{L}]/gu, '');
  const shouting = letters !== '' && (letters === letters.toUpperCase() || letters === letters.toLowerCase());
  if (!shouting) return trimmed;
  return trimmed
    .split(' ')
    .map((word, index) => titleWord(word, index === 0))
    .join(' ');
}

export interface PersonName {
  firstName: string;
  middleName?: string | null;
  lastName: string;
}

/** The name to show ("Glenn Lindores Chisholm"), and the filed text when the name was cased from it ("CHISHOLM GLENN LINDORES"). */
export function personName(person: PersonName): { name: string; filedName: string | null } {
  const parts = [person.firstName, person.middleName ?? '', person.lastName].map((part) => part.trim()).filter(Boolean);
  const plain = parts.join(' ');
  const name = titleCase(plain);
  if (name === plain) return { name, filedName: null };
  // EDGAR lists people last name first.
  const filed = [person.lastName, person.firstName, person.middleName ?? ''].map((part) => part.trim()).filter(Boolean).join(' ');
  return { name, filedName: filed };
}

/** "SAN FRANCISCO, CA" → "San Francisco, CA": the city cased, a two-letter state kept in capitals. */
export function casedLocation(location: string | null): { location: string | null; filedLocation: string | null } {
  if (!location) return { location, filedLocation: null };
  const cased = location
    .split(', ')
    .map((part) => (/^[A-Z]{2}$/.test(part.trim()) ? part.trim() : titleCase(part)))
    .join(', ');
  return { location: cased, filedLocation: cased === location ? null : location };
}
