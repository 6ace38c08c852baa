// The signed-in user of this page, readable outside React (API client, live channel).
import type { User } from 'oidc-client-ts';

let current: User | null = null;

export function setCurrentUser(user: User | null): void {
  current = user;
}

export function currentUser(): User | null {
  return current;
}

export function accessToken(): string | undefined {
  return current?.access_token || undefined;
}
