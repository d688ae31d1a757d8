// Reads a Form D primary_doc.xml with a real XML parser into the facts the feed uses, and maps them to a lead.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDecimalAmount } from '@fundwire/shared';
import type { BulkContact } from '../../modules/leads/index.js';
import { MalformedItemError, type Mapped, type SourceItem } from '../types.js';
import { edgarLocation } from './countries.js';
import { casedLocation, personName } from './names.js';
import { filingIndexUrl } from './daily-index.js';
import { excludedReason, fundwireIndustry } from './industries.js';

export interface FormD {
  cik: string;
  entityName: string;
  city: string | null;
  stateOrCountry: string | null;
  entityType: string | null;
  yearOfInc: string | null;
  industryGroupType: string | null;
  isAmendment: boolean;
  previousAccessionNumber: string | null;
  /** YYYY-MM-DD, or null when missing or yet to occur. */
  dateOfFirstSale: string | null;
  yetToOccur: boolean;
  /** Raw text: a number or 'Indefinite'. */
  totalOfferingAmount: string | null;
  totalAmountSold: string | null;
  people: { firstName: string; middleName: string | null; lastName: string; relationships: string[]; clarification: string | null }[];
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'relatedPersonInfo' || name === 'relationship',
});

type Node = Record<string, unknown> | undefined;
const child = (node: Node, name: string): Node => {
  const value = node?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};
const textOf = (node: Node, name: string): string | null => {
  const value = node?.[name];
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  return null;
};

export function parseFormD(document: string): FormD {
  // EDGAR serves some primary_doc.xml files with a newline (or a byte-order mark) before `<?xml`: still the same document.
  const xml = document.replace(/^[\uFEFF\s]+/, '');
  if (xml === '') throw new MalformedItemError('empty document: the filing was served with no content');
  // Form D documents never declare a DTD; one could only bring entity expansion.
  if (/<!DOCTYPE/i.test(xml)) throw new MalformedItemError('malformed XML: a DOCTYPE is not allowed in a Form D');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new MalformedItemError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const root = child(parser.parse(xml) as Node, 'edgarSubmission');
  if (!root) throw new MalformedItemError('malformed XML: no edgarSubmission element');
  const issuer = child(root, 'primaryIssuer');
  const cik = textOf(issuer, 'cik');
  const entityName = textOf(issuer, 'entityName');
  if (!cik || !/^\d{1,10}$/.test(cik) || !entityName) throw new MalformedItemError('malformed Form D: primaryIssuer has no cik or entityName');
  const address = child(issuer, 'issuerAddress');
  const offering = child(root, 'offeringData');
  const typeOfFiling = child(offering, 'typeOfFiling');
  const amendment = child(typeOfFiling, 'newOrAmendment');
  const firstSale = child(typeOfFiling, 'dateOfFirstSale');
  const amounts = child(offering, 'offeringSalesAmounts');
  const saleDate = textOf(firstSale, 'value');
  const peopleNodes = (child(root, 'relatedPersonsList')?.relatedPersonInfo ?? []) as Node[];
  return {
    cik: String(Number(cik)),
    entityName,
    city: textOf(address, 'city'),
    stateOrCountry: textOf(address, 'stateOrCountry'),
    entityType: textOf(issuer, 'entityType'),
    yearOfInc: textOf(child(issuer, 'yearOfInc'), 'value'),
    industryGroupType: textOf(child(offering, 'industryGroup'), 'industryGroupType'),
    isAmendment: textOf(amendment, 'isAmendment') === 'true',
    previousAccessionNumber: textOf(amendment, 'previousAccessionNumber'),
    dateOfFirstSale: saleDate && /^\d{4}-\d{2}-\d{2}$/.test(saleDate) ? saleDate : null,
    yetToOccur: textOf(firstSale, 'yetToOccur') === 'true',
    totalOfferingAmount: textOf(amounts, 'totalOfferingAmount'),
    totalAmountSold: textOf(amounts, 'totalAmountSold'),
    people: peopleNodes.flatMap((person) => {
      const name = child(person, 'relatedPersonName');
      const firstName = textOf(name, 'firstName') ?? '';
      const lastName = textOf(name, 'lastName') ?? '';
      if (!firstName && !lastName) return [];
      const relationships = ((child(person, 'relatedPersonRelationshipList')?.relationship ?? []) as unknown[]).map((value) => String(value).trim()).filter(Boolean);
      return [{ firstName, middleName: textOf(name, 'middleName'), lastName, relationships, clarification: textOf(person, 'relationshipClarification') }];
    }),
  };
}

/** A positive dollar amount; 'Indefinite', 0 or anything unreadable is undisclosed (null), never 0. */
export function formDAmount(value: string | null): number | null {
  if (!value) return null;
  const amount = parseDecimalAmount(value);
  return amount !== undefined && amount > 0 ? amount : null;
}

const money = (amount: number) => `$${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

export function contactsOf(filing: FormD): BulkContact[] {
  return filing.people.map((person) => ({
    // As people write it ("Glenn Lindores Chisholm"), the filed text kept (issue 31).
    ...personName(person),
    role: `${person.relationships.join(', ')}${person.clarification ? `: ${person.clarification}` : ''}`,
    // Form D names people, never their addresses: no email is invented.
    email: null,
    linkedIn: '',
  }));
}

export function mapFormD(filing: FormD, item: SourceItem, baseUrl: string): Mapped {
  const excluded = excludedReason(filing.industryGroupType);
  if (excluded) return { action: 'skip', reason: excluded };
  const dateFlagged = filing.dateOfFirstSale === null;
  const fundingDate = filing.dateOfFirstSale ?? item.day;
  const target = formDAmount(filing.totalOfferingAmount);
  const facts = [
    `SEC Form D${filing.isAmendment ? '/A' : ''} filed ${item.day} (accession ${item.id}).`,
    target !== null ? `Offering target ${money(target)}.` : filing.totalOfferingAmount ? `Offering target ${filing.totalOfferingAmount.toLowerCase()}.` : '',
    dateFlagged ? `Date of first sale ${filing.yetToOccur ? 'yet to occur' : 'not reported'}: the funding date is the filing date.` : '',
    filing.industryGroupType ? `SEC industry group: ${filing.industryGroupType}.` : '',
    filing.entityType ? `${filing.entityType}${filing.yearOfInc ? ` incorporated in ${filing.yearOfInc}` : ''}.` : '',
  ];
  const tags = ['SEC Form D'];
  if (dateFlagged) tags.push('Filing date');
  const { location, filedLocation } = casedLocation(edgarLocation(filing.city, filing.stateOrCountry));
  return {
    action: 'lead',
    lead: {
      companyName: filing.entityName,
      domain: '',
      industry: fundwireIndustry(filing.industryGroupType),
      fundingAmount: formDAmount(filing.totalAmountSold),
      fundingRound: null,
      roundLabel: 'Form D',
      location,
      filedLocation,
      fundingDate,
      description: facts.filter(Boolean).join(' '),
      tags,
      source: 'sec-form-d',
      sourceId: item.id,
      sourceUrl: filingIndexUrl(baseUrl, filing.cik, item.id),
      cik: filing.cik,
      contacts: contactsOf(filing),
    },
    amends: filing.isAmendment || item.kind === 'D/A' ? { sourceId: filing.previousAccessionNumber, cik: filing.cik, fundingDate: filing.dateOfFirstSale } : null,
  };
}
