// oidc-client-ts set-up: authorization code + PKCE against the configured issuer, silent renew
// with the refresh token, the user kept in sessionStorage (one tab's sign-in, gone with the tab).
import type { PublicConfig } from '@fleetlens/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

export function createUserManager(config: Pick<PublicConfig, 'issuer' | 'clientId'>): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    // The claims come from the ID token; the API gives the rest (/users/my).
    loadUserInfo: false,
  });
}

/** The ?code=&state= the identity page sends back to `${origin}/`. */
export function isSigninCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
