export * from './leads.js';
export * from './meta.js';
