// The app's entry. Public pages arrive prerendered (scripts/prerender.ts) and are hydrated; every other
// path gets the empty shell (app.html) and renders from scratch. /, /pricing and /free-leads use src/islands/ instead.
import { startApp } from './app/start';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void startApp(container, container.firstElementChild ? 'hydrate' : 'render');
