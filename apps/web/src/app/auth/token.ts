// The signed-in user of this page, readable outside React (API client, live channel).
import type { User } from 'oidc-client-ts';

let current: User | null = null;
const tokenListeners = new Set<(token: string) => void>();

export function setCurrentUser(user: User | null): void {
  const before = current?.access_token;
  current = user;
  const token = user?.access_token;
  if (token && token !== before) for (const listener of tokenListeners) listener(token);
}

/** Calls `listener` with every new access token (a sign-in or a renewal) until the returned function is called. */
export function watchAccessToken(listener: (token: string) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function currentUser(): User | null {
  return current;
}

export function accessToken(): string | undefined {
  return current?.access_token || undefined;
}
