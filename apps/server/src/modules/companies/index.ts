// The companies module serves company pages (routes.ts, registered by app.ts), read on top of modules/leads, which
// files every round under its company as it writes (company-write.ts, company-identity.ts there).
export { getCompany } from './service.js';
