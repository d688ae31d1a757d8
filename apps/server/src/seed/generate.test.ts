import { describe, expect, it } from 'vitest';
import { FIXED_INDUSTRIES, FUNDING_ROUNDS } from '@fundwire/shared';
import { generateLeads, SEED_INDUSTRIES } from './generate.js';

const today = new Date('2026-11-22T12:00:00Z');

describe('generateLeads', () => {
  it('is deterministic for a seed and a day', () => {
    const first = [...generateLeads({ count: 50, today })];
    const second = [...generateLeads({ count: 50, today })];
    expect(second).toEqual(first);
    const other = [...generateLeads({ count: 50, today, seed: 7 })];
    expect(other.map((lead) => lead.id)).not.toEqual(first.map((lead) => lead.id));
  });

  it('spreads 500 leads over 24 months with at least 5% in the last 7 days', () => {
    const leads = [...generateLeads({ count: 500, today })];
    expect(leads).toHaveLength(500);
    const day = 86_400_000;
    const ages = leads.map((lead) => Math.round((Date.UTC(2026, 10, 22) - Date.parse(`${lead.fundingDate}T00:00:00Z`)) / day));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(731);
    expect(Math.max(...ages)).toBeGreaterThan(600);
    expect(ages.filter((age) => age <= 6).length / leads.length).toBeGreaterThanOrEqual(0.05);
    expect(new Set(leads.map((lead) => lead.id)).size).toBe(500);
  });

  it('uses the fixed-colour industries and a few others, every round, and plausible amounts', () => {
    const leads = [...generateLeads({ count: 2000, today })];
    const industries = new Set(leads.map((lead) => lead.industry));
    for (const industry of FIXED_INDUSTRIES) expect(industries).toContain(industry);
    expect([...industries].some((industry) => !FIXED_INDUSTRIES.includes(industry))).toBe(true);
    for (const industry of industries) expect(SEED_INDUSTRIES).toContain(industry);
    expect(new Set(leads.map((lead) => lead.fundingRound))).toEqual(new Set([...FUNDING_ROUNDS, null]));
    const median = (round: string) => {
      const amounts = leads
        .filter((lead) => lead.fundingRound === round)
        .flatMap((lead) => (lead.fundingAmount === null ? [] : [lead.fundingAmount]))
        .sort((a, b) => a - b);
      return amounts[Math.floor(amounts.length / 2)] ?? 0;
    };
    expect(median('Pre-Seed')).toBeLessThan(median('Seed'));
    expect(median('Seed')).toBeLessThan(median('Series A'));
    expect(median('Series A')).toBeLessThan(median('Series B'));
    expect(median('Series B')).toBeLessThan(median('Series C'));
    expect(median('Series C')).toBeLessThan(median('Series D+'));
    for (const lead of leads) {
      // Unknown is null, never 0; an undisclosed stage keeps its label.
      if (lead.fundingAmount !== null) {
        expect(Number.isInteger(lead.fundingAmount)).toBe(true);
        expect(lead.fundingAmount).toBeGreaterThan(0);
      }
      expect(lead.roundLabel === null).toBe(lead.fundingRound !== null);
      expect(lead.location).not.toBe('');
    }
    const undisclosedAmounts = leads.filter((lead) => lead.fundingAmount === null).length / leads.length;
    expect(undisclosedAmounts).toBeGreaterThan(0.05);
    expect(undisclosedAmounts).toBeLessThan(0.25);
  });

  it('gives 1-4 contacts each, only on reserved example domains', () => {
    const leads = [...generateLeads({ count: 300, today })];
    const reserved = /(^|\.)example(\.com|\.org|\.net)?$/;
    for (const lead of leads) {
      expect(lead.contacts.length).toBeGreaterThanOrEqual(1);
      expect(lead.contacts.length).toBeLessThanOrEqual(4);
      expect(lead.domain).toMatch(reserved);
      for (const contact of lead.contacts) {
        if (contact.email !== null) expect(contact.email.split('@')[1]).toMatch(reserved);
        expect(new URL(contact.linkedIn).hostname).toMatch(reserved);
      }
    }
    // A few people are known by name and role only, as public filings list them.
    expect(leads.some((lead) => lead.contacts.some((contact) => contact.email === null))).toBe(true);
    const counts = new Set(leads.map((lead) => lead.contacts.length));
    expect(counts).toEqual(new Set([1, 2, 3, 4]));
  });
});
