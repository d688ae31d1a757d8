// What other modules and plugins may use of API keys: recognising a bearer key and recording its use.
export { findApiKey, isApiKeyToken, isWellFormedApiKey, touchApiKey } from './service.js';
