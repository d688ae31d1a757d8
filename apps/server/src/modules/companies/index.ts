// What other modules may use of companies: filing a round under its company as leads are written.
export { deleteCompaniesWithoutRounds, upsertCompanies } from './write.js';
// ...and telling whether two reports are the same company (modules/leads/merge.ts).
export { locationCountry, normalizeCompanyIdentityName, registrableDomain } from './identity.js';
