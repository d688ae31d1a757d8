export * from './leads.js';
export * from './meta.js';
export * from './auth.js';
export * from './subscriptions.js';
export * from './rate-limits.js';
export * from './mail.js';
export * from './sources.js';
export * from './visits.js';
