// What other modules may use of alert settings.
export { getAlertFrequency, setAlertFrequency } from './settings.js';
