// Shared set-up for the web component tests (happy-dom).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default: a first render that loads a screen's modules on
// two busy cores (CI runs the stories' server beside them) can take longer without being wrong.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
