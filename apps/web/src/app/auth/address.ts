// The console signs in only at its own address: the identity realm sends the browser back to
// PUBLIC_URL (or an OIDC_REDIRECT_URIS origin) alone, and the page's CSP lets it reach the realm at
// that origin only. Opened at another (http://127.0.0.1:8080 for PUBLIC_URL http://localhost:8080),
// the sign-in could never finish, so the console goes to its address, keeping the route. The check
// is the browser's, not a server redirect: behind a proxy that rewrites Host the server cannot
// tell, and would send every request round the proxy for ever.
import type { PublicConfig } from '@fleetlens/contracts';

type Here = Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>;

/** Where this page belongs when it is not at one of the console's origins; null when it is. */
export function consoleAddress(
  config: Pick<PublicConfig, 'consoleUrl' | 'consoleOrigins'>,
  here: Here,
): string | null {
  const { consoleUrl, consoleOrigins } = config;
  if (!consoleUrl || !consoleOrigins || consoleOrigins.includes(here.origin)) return null;
  return new URL(`${here.pathname}${here.search}${here.hash}`, consoleUrl).href;
}
