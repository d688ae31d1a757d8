// What other modules and jobs may use of saved searches: the matcher and the alert queue.
export { newWebhookSecret } from './service.js';
