// Form D's industryGroupType values: which are not startup rounds, and how the rest map to Fundwire's industries.

/** Skipped with the reason: funds and real estate raise money, but they are not startups. */
export const EXCLUDED_INDUSTRY_GROUPS: Readonly<Record<string, 'pooled-fund' | 'real-estate'>> = {
  'Pooled Investment Fund': 'pooled-fund',
  'REITS and Finance': 'real-estate',
  Commercial: 'real-estate',
  Construction: 'real-estate',
  Residential: 'real-estate',
  'Other Real Estate': 'real-estate',
};

/** SEC group → Fundwire industry; a group not listed keeps its SEC name, 'Other' is unknown (null). */
export const INDUSTRY_BY_GROUP: Readonly<Record<string, string | null>> = {
  Agriculture: 'AgTech',
  'Commercial Banking': 'FinTech',
  Insurance: 'FinTech',
  Investing: 'FinTech',
  'Investment Banking': 'FinTech',
  'Other Banking and Financial Services': 'FinTech',
  Biotechnology: 'HealthTech',
  'Health Insurance': 'HealthTech',
  'Hospitals and Physicians': 'HealthTech',
  Pharmaceuticals: 'HealthTech',
  'Other Health Care': 'HealthTech',
  'Energy Conservation': 'CleanTech',
  'Environmental Services': 'CleanTech',
  'Electric Utilities': 'Energy',
  'Coal Mining': 'Energy',
  'Oil and Gas': 'Energy',
  'Other Energy': 'Energy',
  Computers: 'Technology',
  Telecommunications: 'Technology',
  'Other Technology': 'Technology',
  Retailing: 'ECommerce',
  Other: null,
};

export function excludedReason(industryGroupType: string | null): 'pooled-fund' | 'real-estate' | null {
  return industryGroupType ? (EXCLUDED_INDUSTRY_GROUPS[industryGroupType] ?? null) : null;
}

export function fundwireIndustry(industryGroupType: string | null): string | null {
  if (!industryGroupType) return null;
  return industryGroupType in INDUSTRY_BY_GROUP ? INDUSTRY_BY_GROUP[industryGroupType]! : industryGroupType;
}
