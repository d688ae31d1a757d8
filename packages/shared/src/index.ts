export * from './constants.js';
export * from './industry.js';
export * from './leads.js';
export * from './errors.js';
export * from './samples.js';
export * from './lead-filters.js';
export * from './csv.js';
export * from './lead-input.js';
