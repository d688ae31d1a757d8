// One way to write an amount of money, in every amount field (filters, Add Lead, saved searches): whole dollars,
// with separators and a dollar sign allowed, and the shorthand "750k", "5M", "1.2B".

const SUFFIX_SIZE = { k: 1e3, m: 1e6, b: 1e9 } as const;

/** What an amount field says about the format, next to the field. */
export const AMOUNT_FORMAT_HINT = 'In dollars: 2500000, $2,500,000, 750k and 5M all work.';

/**
 * An amount as typed: "2500000", " $2,500,000 ", "750k", "5M", "2.5m", "1B" -> whole dollars. null when it is not
 * a whole number of dollars (empty, negative, "1.5", "5 millions", "1e6", or too large to be exact).
 */
export function parseAmount(text: string): number | null {
  const match = /^\$?\s*(\d+(?:\.\d+)?)\s*([kmb])?$/i.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const suffix = (match[2] ?? '').toLowerCase() as keyof typeof SUFFIX_SIZE | '';
  const amount = Number(match[1]) * (suffix === '' ? 1 : SUFFIX_SIZE[suffix]);
  // Cents are not a thing here; "1.5" dollars is refused rather than rounded.
  const rounded = Math.round(amount);
  if (Math.abs(amount - rounded) > 1e-6 || !Number.isSafeInteger(rounded)) return null;
  return rounded;
}

/** An amount as an amount field shows it: "5M", "2.5M", "750k", "1B", or plain digits when no short form is exact. */
export function formatAmountInput(amount: number): string {
  for (const [size, suffix] of [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const) {
    const scaled = amount / size;
    if (scaled >= 1 && Math.round(scaled * 100) === scaled * 100) return `${scaled}${suffix}`;
  }
  return String(amount);
}

/** What the field understood, in words: "Understood as $5,000,000." */
export function describeAmount(amount: number): string {
  return `Understood as $${amount.toLocaleString('en-US')}.`;
}
