// Sign-in state for React: runs the boot sequence, then follows token renewals. Refreshes on
// expiry (automatic silent renew with the refresh token) and whenever the window regains focus.
import type { MyAnswer } from '@fleetlens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserManager } from 'oidc-client-ts';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { setAuthHooks } from '../../api/client';
import { fetchMy, queryKeys } from '../../api/platform';
import { i18n } from '../i18n';
import { errorToast } from '../notices';
import { bootAuth } from './boot';
import { AuthContext, type AuthContextValue, type AuthStatus } from './context';
import { profileFromClaims, withAccessOf } from './profile';
import { accessToken, setCurrentUser } from './token';

export type AuthProviderProps = { children: ReactNode };

export function AuthProvider({ children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<User | null>(null);
  const [config, setConfig] = useState<AuthContextValue['config']>(null);
  const managerRef = useRef<UserManager | null>(null);
  /** The next sign-in shows the identity page's form even while the realm's session stands. */
  const askForSignIn = useRef(false);
  // The server's word on the user's access (/users/my), read at boot and again on a role change.
  const { data: my } = useQuery<MyAnswer>({
    queryKey: queryKeys.my,
    queryFn: fetchMy,
    enabled: status === 'signedIn',
  });

  useEffect(() => {
    let cancelled = false;
    setAuthHooks({
      getToken: accessToken,
      relogin: async () => {
        setCurrentUser(null);
        await managerRef.current?.removeUser();
        window.location.reload();
      },
    });
    bootAuth()
      .then(async (result) => {
        if (cancelled) return;
        managerRef.current = result.manager;
        setConfig(result.config);
        if (result.outcome === 'signedIn') {
          queryClient.setQueryData<MyAnswer>(queryKeys.my, result.my);
          setUser(result.user);
          setStatus('signedIn');
        } else if (result.outcome === 'guardFailed') {
          // Spec §4: clear the token, show the error (or 'Has Error'), go to login.
          setCurrentUser(null);
          await result.manager.removeUser();
          const error = result.error;
          void errorToast((error instanceof Error && error.message) || 'Has Error');
          // The realm's session still stands: without its sign-in form the identity page would
          // send the user straight back into the same failure, round and round.
          askForSignIn.current = true;
          setStatus('signedOut');
          window.location.hash = '#/login';
        } else if (result.outcome === 'forbidden') {
          setStatus('forbidden');
        } else if (result.outcome === 'elsewhere') {
          setStatus('elsewhere');
        } else if (result.outcome !== 'reloading') {
          setStatus('signedOut');
        }
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  useEffect(() => {
    const um = managerRef.current;
    if (!um || status !== 'signedIn') return;
    const loaded = (next: User) => {
      setCurrentUser(next);
      setUser(next);
    };
    // Spec §8: a failed refresh logs and leaves an empty token; the next call meets a 401.
    const failed = () => {
      console.error('token update failed!');
      setCurrentUser(null);
    };
    let refreshing = false;
    const refreshOnFocus = () => {
      if (refreshing) return;
      refreshing = true;
      const before = accessToken();
      um.signinSilent()
        .then((next) => {
          if (next && next.access_token !== before)
            void queryClient.invalidateQueries({ queryKey: queryKeys.my });
        })
        .catch(failed)
        .finally(() => {
          refreshing = false;
        });
    };
    um.events.addUserLoaded(loaded);
    um.events.addSilentRenewError(failed);
    window.addEventListener('focus', refreshOnFocus);
    return () => {
      um.events.removeUserLoaded(loaded);
      um.events.removeSilentRenewError(failed);
      window.removeEventListener('focus', refreshOnFocus);
    };
  }, [status, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const profile = user
      ? withAccessOf(profileFromClaims(user.profile as Record<string, unknown>, user.session_state), my?.user)
      : null;
    return {
      status,
      user,
      profile,
      config,
      accessToken,
      login: async (target: string) => {
        // After the device-limit refusal (or a failed sign-in check) the realm's session still
        // stands: ask for the sign-in page again, so another account (or the same, once freed)
        // can sign in.
        await managerRef.current?.signinRedirect({
          state: { target },
          ui_locales: i18n.language,
          ...(status === 'forbidden' || askForSignIn.current ? { prompt: 'login' } : {}),
        });
      },
      refreshAccess: async () => {
        // Spec §4: re-read the user (routes and tabs follow the new profile); the token is
        // renewed too, so its claims agree.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.my }),
          managerRef.current?.signinSilent().catch(() => null),
        ]);
      },
      logout: async () => {
        const um = managerRef.current;
        if (!um) return;
        const idToken = user?.id_token;
        setCurrentUser(null);
        await um.signoutRedirect({ id_token_hint: idToken });
      },
    };
  }, [status, user, config, my, queryClient]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
