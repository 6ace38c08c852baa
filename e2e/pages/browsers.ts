// The browsers of the stories. One person, one browser: every story's browser carries the same
// DEVICE_ID, as a user's own browser does day after day, so the stories do not use up the
// accounts' device limit. A browser never used before has no DEVICE_ID yet.
export const USUAL_DEVICE_ID = 'e2e-usual-browser-0001';

export function usualBrowser(origin: string) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'DEVICE_ID', value: USUAL_DEVICE_ID }] }],
  };
}

export const NEW_BROWSER = { cookies: [], origins: [] };
