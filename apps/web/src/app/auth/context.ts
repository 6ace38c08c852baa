import type { PublicConfig } from '@fleetlens/contracts';
import type { User } from 'oidc-client-ts';
import { createContext, useContext } from 'react';
import type { Profile } from './profile';

/**
 * 'forbidden': signed in at the identity realm, but this browser is over the device limit.
 * 'elsewhere': opened at another address than the console's (config.consoleUrl); on its way there.
 */
export type AuthStatus = 'loading' | 'signedOut' | 'signedIn' | 'forbidden' | 'error' | 'elsewhere';

export type AuthContextValue = {
  status: AuthStatus;
  user: User | null;
  profile: Profile | null;
  config: PublicConfig | null;
  accessToken: () => string | undefined;
  /** Starts the identity page; `target` is the hash route to return to. */
  login: (target: string) => Promise<void>;
  logout: () => Promise<void>;
  /** The server said the user's access changed: re-read it (routes rebuilt, tabs closed). */
  refreshAccess: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
