// The api-keys module's routes are registered by app.ts; recognising a presented key is plugins/api-key-credentials.ts.
export { createApiKey, listApiKeys, revokeApiKey } from './service.js';
