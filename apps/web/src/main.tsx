// The first page's part of antd's static sheet (why static: app/theme.ts, zeroRuntime; the whole
// sheet comes with the shell: firstPageSheet.ts). First, so the console's own sheets come after
// it and win at equal specificity.
import 'virtual:antd-first-page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installErrorLog } from './app/errorLog';
import { startI18n } from './app/i18n';

installErrorLog();
// The current language's texts, and the letters of the shell's, load before the first paint, so
// no key flashes on screen and no title is drawn in boxes.
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void startI18n().then(render);
