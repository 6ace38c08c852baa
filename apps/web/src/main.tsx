import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootAuth } from './app/auth/boot';
import { installErrorLog } from './app/errorLog';
import { initI18n } from './app/i18n';

installErrorLog();
// The sign-in sequence (config, token, session check, /users/my) needs no React: it starts now,
// beside the language files, instead of after the first render; AuthProvider takes up the same
// sequence (bootAuth runs once) and handles its outcome. A signed-in user's shell loads meanwhile.
bootAuth()
  .then((result) => {
    if (result.outcome === 'signedIn') void import('./shell/AppLayout');
  })
  .catch(() => {});

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
