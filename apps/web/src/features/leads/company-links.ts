// Pure helpers for a company's API address and the cards' "N earlier rounds" line.

export function companyUrl(id: string): string {
  return `/api/companies/${encodeURIComponent(id)}`;
}

/** "1 earlier round", "3 earlier rounds"; empty for none. */
export function earlierRoundsText(count: number): string {
  if (count <= 0) return '';
  return `${count} earlier round${count === 1 ? '' : 's'}`;
}
