import { lazy } from 'react';

/** The "opened at another address" page: rare, so it loads when shown, not with the sign-in page. */
export const ElsewherePage = lazy(() =>
  import('./ElsewherePage').then((m) => ({ default: m.ElsewherePage })),
);
