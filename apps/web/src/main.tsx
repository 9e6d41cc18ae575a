import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prepareDateFormatting } from './lib/date-formatters';
import { initI18n, storedLanguage } from './lib/i18n';
import { hasLoggedInFlag } from './lib/session';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const texts = initI18n();
// Every logged-in screen writes dates: a student's browser readies date formatting while the
// texts download (i18next asks for them in a task queued before this one), so the wait hides it.
// A visitor's landing page writes none and skips it.
if (hasLoggedInFlag()) setTimeout(() => prepareDateFormatting(storedLanguage()), 0);

void texts.then(() => {
  const root = createRoot(container);
  // As a transition React renders the app in slices and lets the browser in between: the first
  // render in one piece was the page's longest task (up to 100 ms of script on the lab machine).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
