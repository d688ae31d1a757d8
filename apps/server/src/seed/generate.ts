// Deterministic synthetic demo leads: the same seed and day give the same leads, every time.
// Every company, person and address is invented, on reserved example domains (RFC 2606).
import { addIsoDays, FIXED_INDUSTRIES, FUNDING_ROUNDS, isoDayOf, type FundingRound } from '@fundwire/shared';

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_LEAD_COUNT = 500;
/** Share of leads placed in the last 7 days, so the Recent screen is never empty. */
export const RECENT_SHARE = 0.06;
const DAYS_SPREAD = 730; // 24 months

export interface SeedContact {
  name: string;
  role: string;
  email: string | null;
  linkedIn: string;
}

export interface SeedLead {
  id: string;
  companyName: string;
  domain: string;
  industry: string;
  /** null: undisclosed, as about one real round in five is. */
  fundingAmount: number | null;
  /** null: no stated stage; roundLabel says what it was. */
  fundingRound: FundingRound | null;
  roundLabel: string | null;
  location: string;
  fundingDate: string;
  /** When Fundwire "found" the round: the day after it was announced (the insert caps it at now). */
  createdAt?: string;
  description: string;
  tags: string[];
  contacts: SeedContact[];
}

const UNDISCLOSED_LABELS = ['Convertible Note', 'Equity financing (Form D, Rule 506(b))', 'SAFE', 'Debt financing', 'Grant'];

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

export const EXTRA_INDUSTRIES = ['Robotics', 'Biotech', 'Logistics', 'InsurTech', 'HRTech', 'SpaceTech', 'FoodTech', 'LegalTech'];
export const SEED_INDUSTRIES = [...FIXED_INDUSTRIES, ...EXTRA_INDUSTRIES];

// Weights per round, and the amount range (in thousands of dollars) a round of that kind plausibly has.
const ROUND_PLAN: Record<FundingRound, { weight: number; min: number; max: number; step: number }> = {
  'Pre-Seed': { weight: 14, min: 150, max: 2_500, step: 50 },
  Seed: { weight: 30, min: 1_000, max: 6_000, step: 100 },
  'Series A': { weight: 25, min: 5_000, max: 25_000, step: 500 },
  'Series B': { weight: 16, min: 15_000, max: 70_000, step: 1_000 },
  'Series C': { weight: 9, min: 30_000, max: 150_000, step: 5_000 },
  'Series D+': { weight: 6, min: 60_000, max: 500_000, step: 10_000 },
};
const ROUND_WEIGHT_TOTAL = FUNDING_ROUNDS.reduce((sum, round) => sum + ROUND_PLAN[round].weight, 0);

const LOCATIONS = [
  'San Francisco, CA', 'New York, NY', 'Austin, TX', 'Boston, MA', 'Seattle, WA', 'Los Angeles, CA', 'Chicago, IL',
  'Denver, CO', 'Miami, FL', 'Atlanta, GA', 'Toronto, Canada', 'Vancouver, Canada', 'London, UK', 'Berlin, Germany',
  'Paris, France', 'Amsterdam, Netherlands', 'Stockholm, Sweden', 'Dublin, Ireland', 'Tel Aviv, Israel', 'Bangalore, India',
  'Singapore', 'Sydney, Australia', 'São Paulo, Brazil', 'Mexico City, Mexico', 'Lagos, Nigeria', 'Nairobi, Kenya',
  'Tokyo, Japan', 'Seoul, South Korea', 'Zurich, Switzerland', 'Barcelona, Spain',
];

const NAME_HEADS = [
  'Nova', 'Lumen', 'Vector', 'Quanta', 'Atlas', 'Helio', 'Orbit', 'Pivot', 'Cobalt', 'Signal', 'Kite', 'Harbor', 'Maple',
  'Summit', 'Ember', 'Prism', 'Tidal', 'Verde', 'Arc', 'Beacon', 'Cinder', 'Delta', 'Fable', 'Granite', 'Juniper', 'Keystone',
  'Lattice', 'Meridian', 'Nimbus', 'Onyx', 'Polar', 'Quill', 'Radiant', 'Sable', 'Tandem', 'Umbra', 'Vivid', 'Willow', 'Zephyr', 'Aster',
];
const NAME_TAILS = [
  'Labs', 'Works', 'Grid', 'Flow', 'Stack', 'Path', 'Bio', 'Pay', 'Health', 'Logic', 'Forge', 'Loop', 'Byte', 'Field', 'Shift',
  'Scale', 'Sense', 'Ware', 'Point', 'Base', 'Wave', 'Mind', 'Dock', 'Link', 'Cloud', 'Farm', 'Home', 'Learn', 'Guard', 'Chain',
];

const INDUSTRY_PITCH: Record<string, string[]> = {
  FinTech: ['treasury automation for mid-market finance teams', 'real-time payments for online marketplaces', 'spend management for remote companies'],
  HealthTech: ['remote monitoring for chronic-care clinics', 'prior-authorisation automation for hospitals', 'AI triage for urgent-care networks'],
  CleanTech: ['grid-scale battery software for utilities', 'carbon accounting for manufacturers', 'heat-pump installation at scale'],
  Cybersecurity: ['identity threat detection for cloud teams', 'software supply-chain security', 'phishing-resistant sign-in for enterprises'],
  AgTech: ['precision irrigation for specialty crops', 'livestock health monitoring', 'vertical-farm operations software'],
  AI: ['autonomous agents for back-office workflows', 'evaluation tooling for language models', 'document understanding for insurers'],
  Blockchain: ['settlement infrastructure for tokenised assets', 'compliance tooling for digital-asset firms', 'on-chain identity for payments'],
  ECommerce: ['checkout optimisation for direct-to-consumer brands', 'returns logistics for online retailers', 'social commerce for creators'],
  SaaS: ['revenue operations for B2B sales teams', 'workflow automation for field services', 'contract lifecycle management'],
  EdTech: ['skills-based hiring assessments', 'AI tutoring for secondary schools', 'corporate learning paths for engineers'],
  PropTech: ['leasing automation for multifamily operators', 'energy retrofits for commercial buildings', 'construction scheduling software'],
};
const GENERIC_PITCH = ['operations software for a fast-growing niche', 'a data platform for industrial customers', 'automation for regulated industries'];
const TRACTION = [
  'The round will fund hiring across sales and engineering.',
  'The company plans to expand into Europe next year.',
  'Revenue tripled over the last twelve months.',
  'The new capital goes into product development and partnerships.',
  'It serves more than 200 customers today.',
  'The team is opening a second office and growing its go-to-market team.',
];

const FIRST_NAMES = [
  'Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Parker', 'Reese', 'Rowan', 'Sage', 'Emerson',
  'Hayden', 'Devon', 'Skyler', 'Dakota', 'Finley', 'Harper', 'Kendall', 'Logan', 'Marlowe', 'Noel', 'Oakley', 'Peyton', 'Remy', 'Sasha',
];
const LAST_NAMES = [
  'Example', 'Sample', 'Placeholder', 'Demo', 'Testa', 'Mockley', 'Fictus', 'Inventa', 'Dummond', 'Specimen', 'Prototype', 'Modelo',
  'Templeton', 'Draftwood', 'Sketchley', 'Outline', 'Pattern', 'Figment', 'Notreal', 'Imaginary',
];
const ROLES = ['CEO & Co-founder', 'CTO & Co-founder', 'VP of Sales', 'Head of Growth', 'CFO', 'COO', 'VP of Engineering', 'Head of Partnerships', 'Head of Marketing'];

function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A v4-shaped UUID drawn from the seeded generator, so ids are reproducible too. */
function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function pickRound(random: Random): FundingRound {
  let roll = random.next() * ROUND_WEIGHT_TOTAL;
  for (const round of FUNDING_ROUNDS) {
    roll -= ROUND_PLAN[round].weight;
    if (roll < 0) return round;
  }
  return 'Seed';
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  /** The day the data is relative to (UTC); defaults to today. */
  today?: Date;
}

/** Yields leads lazily, so a million of them never sit in memory at once. */
export function* generateLeads({ count, seed = DEFAULT_SEED, today = new Date() }: GenerateOptions): Generator<SeedLead> {
  const random = createRandom(seed);
  // Every day a lead can fall on, counted once (a million leads share these 730 days).
  const todayIso = isoDayOf(today);
  const fundingDays = Array.from({ length: DAYS_SPREAD }, (_, daysAgo) => addIsoDays(todayIso, -daysAgo));
  const addedAt = fundingDays.map((day) => `${addIsoDays(day, 1)}T14:00:00.000Z`);
  const recentCount = Math.ceil(count * RECENT_SHARE);
  const nameSpace = NAME_HEADS.length * NAME_TAILS.length;

  for (let i = 0; i < count; i++) {
    const id = uuidFrom(random);
    const head = NAME_HEADS[i % NAME_HEADS.length] as string;
    const tail = NAME_TAILS[Math.floor(i / NAME_HEADS.length) % NAME_TAILS.length] as string;
    const generation = Math.floor(i / nameSpace);
    const companyName = generation === 0 ? `${head}${tail}` : `${head}${tail} ${generation + 1}`;
    const slug = slugify(companyName);
    const domain = `${slug}.example.com`;
    const industry = random.next() < 0.85 ? random.pick(FIXED_INDUSTRIES) : random.pick(EXTRA_INDUSTRIES);
    const fundingRound = pickRound(random);
    const plan = ROUND_PLAN[fundingRound];
    const steps = Math.floor((plan.max - plan.min) / plan.step);
    const fundingAmount = (plan.min + random.int(0, steps) * plan.step) * 1_000;
    const daysAgo = i < recentCount ? random.int(0, 6) : random.int(0, DAYS_SPREAD - 1);
    const fundingDate = fundingDays[daysAgo]!;
    const pitch = random.pick(INDUSTRY_PITCH[industry] ?? GENERIC_PITCH);
    const description = `${companyName} builds ${pitch}. ${random.pick(TRACTION)}`;

    const contactCount = random.int(1, 4);
    const contacts: SeedContact[] = [];
    const usedRoles = new Set<string>();
    for (let c = 0; c < contactCount; c++) {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      let role = random.pick(ROLES);
      if (usedRoles.has(role)) role = ROLES.find((candidate) => !usedRoles.has(candidate)) ?? role;
      usedRoles.add(role);
      const handle = `${slugify(first)}.${slugify(last)}`;
      contacts.push({
        name: `${first} ${last}`,
        role,
        email: `${handle}@${domain}`,
        linkedIn: `https://linkedin.example.com/in/${handle.replace('.', '-')}-${slug}`,
      });
    }

    // Real rounds are often undisclosed (decision 023). Chosen by position, not by the PRNG, so every other
    // value stays what it was: about 1 in 9 has no amount, 1 in 16 no stage, 1 in 13 a contact without email.
    const amountUndisclosed = i % 9 === 4;
    const stageUndisclosed = i % 16 === 7;
    if (i % 13 === 2 && contacts.length > 1) contacts[contacts.length - 1]!.email = null;

    yield {
      id,
      companyName,
      domain,
      industry,
      fundingAmount: amountUndisclosed ? null : fundingAmount,
      fundingRound: stageUndisclosed ? null : fundingRound,
      roundLabel: stageUndisclosed ? (UNDISCLOSED_LABELS[i % UNDISCLOSED_LABELS.length] as string) : null,
      location: random.pick(LOCATIONS),
      fundingDate,
      createdAt: addedAt[daysAgo]!,
      description,
      tags: [industry.toLowerCase(), (stageUndisclosed ? 'undisclosed' : fundingRound).toLowerCase().replace(/\s+/g, '-')],
      contacts,
    };
  }
}
