// Industry badge colours: eleven fixed ones, then a deterministic hash into a 20-colour palette.

export interface BadgeColor {
  /** Background colour (hex). */
  bg: string;
  /** Text colour (hex), chosen for at least 4.5:1 contrast on bg. */
  fg: string;
}

export const FIXED_INDUSTRY_COLORS: Readonly<Record<string, BadgeColor>> = {
  FinTech: { bg: '#dbeafe', fg: '#1e40af' },
  HealthTech: { bg: '#dcfce7', fg: '#166534' },
  CleanTech: { bg: '#d1fae5', fg: '#065f46' },
  Cybersecurity: { bg: '#fee2e2', fg: '#991b1b' },
  AgTech: { bg: '#ecfccb', fg: '#3f6212' },
  AI: { bg: '#ede9fe', fg: '#5b21b6' },
  Blockchain: { bg: '#fef3c7', fg: '#92400e' },
  ECommerce: { bg: '#fce7f3', fg: '#9d174d' },
  SaaS: { bg: '#e0e7ff', fg: '#3730a3' },
  EdTech: { bg: '#ffedd5', fg: '#9a3412' },
  PropTech: { bg: '#cffafe', fg: '#155e75' },
};

export const FIXED_INDUSTRIES = Object.keys(FIXED_INDUSTRY_COLORS);

export const INDUSTRY_PALETTE: readonly BadgeColor[] = [
  { bg: '#fef2f2', fg: '#b91c1c' },
  { bg: '#fff7ed', fg: '#c2410c' },
  { bg: '#fffbeb', fg: '#b45309' },
  { bg: '#fefce8', fg: '#a16207' },
  { bg: '#f7fee7', fg: '#4d7c0f' },
  { bg: '#f0fdf4', fg: '#15803d' },
  { bg: '#ecfdf5', fg: '#047857' },
  { bg: '#f0fdfa', fg: '#0f766e' },
  { bg: '#ecfeff', fg: '#0e7490' },
  { bg: '#f0f9ff', fg: '#0369a1' },
  { bg: '#eff6ff', fg: '#1d4ed8' },
  { bg: '#eef2ff', fg: '#4338ca' },
  { bg: '#f5f3ff', fg: '#6d28d9' },
  { bg: '#faf5ff', fg: '#7e22ce' },
  { bg: '#fdf4ff', fg: '#a21caf' },
  { bg: '#fdf2f8', fg: '#be185d' },
  { bg: '#fff1f2', fg: '#be123c' },
  { bg: '#f8fafc', fg: '#334155' },
  { bg: '#f5f5f4', fg: '#44403c' },
  { bg: '#f4f4f5', fg: '#3f3f46' },
];

/** 32-bit FNV-1a: small, stable across platforms and runs. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function industryColor(industry: string): BadgeColor {
  const fixed = FIXED_INDUSTRY_COLORS[industry];
  if (fixed) return fixed;
  const color = INDUSTRY_PALETTE[hashString(industry) % INDUSTRY_PALETTE.length];
  // The palette is non-empty, so the modulo always lands on an entry.
  return color ?? INDUSTRY_PALETTE[0]!;
}
