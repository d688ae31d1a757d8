// What other modules and jobs may use of the mail queue: running the schedule, the weekly send, and counts.
export { countDigestLeads } from './content.js';
export { mailRunDeps, newsletterSchedule, newWorkerId, runMailSchedule, sendWeeklyNewsletter, type MailRunDeps } from './service.js';
