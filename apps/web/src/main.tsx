// antd's static sheet (why: app/theme.ts, zeroRuntime). First, so the console's own sheets come
// after it and win at equal specificity.
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installErrorLog } from './app/errorLog';
import { initI18n } from './app/i18n';

installErrorLog();
// The current language's texts load before the first paint, so no key flashes on screen.
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void initI18n().then(render);
