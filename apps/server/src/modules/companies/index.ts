// What other modules may use of companies: filing a round under its company as leads are written.
export { deleteCompaniesWithoutRounds, upsertCompanies } from './write.js';
