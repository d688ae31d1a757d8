// A company with all of its rounds, newest first, and the contacts of those rounds.
import { eq } from 'drizzle-orm';
import type { CompanyResponse, Contact } from '@fundwire/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { listCompanyRounds } from '../leads/index.js';

/** More rounds than any real company has; keeps one response bounded whatever the data. */
const MAX_ROUNDS = 500;

function contactIdentity(contact: Contact): string {
  const email = (contact.email ?? '').trim().toLowerCase();
  return email ? `email:${email}` : `name:${contact.name.trim().toLowerCase()}|${contact.role.trim().toLowerCase()}`;
}

/** undefined when there is no such company. */
export async function getCompany(db: Db, id: string): Promise<CompanyResponse | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) return undefined;
  const rounds = await listCompanyRounds(db, id, MAX_ROUNDS);
  // The same person often appears on several rounds: list each once, as the newest round has them.
  const seen = new Set<string>();
  const contacts: Contact[] = [];
  for (const round of rounds) {
    for (const contact of round.contacts) {
      const key = contactIdentity(contact);
      if (seen.has(key)) continue;
      seen.add(key);
      contacts.push(contact);
    }
  }
  return {
    company: {
      id: company.id,
      name: company.name,
      domain: company.domain,
      location: company.location,
      industry: company.industry,
      cik: company.cik,
      roundCount: rounds.length,
      totalFunding: rounds.reduce((sum, round) => sum + (round.fundingAmount ?? 0), 0),
    },
    rounds,
    contacts,
  };
}
