// The sign-in sequence of one page load, run once even when React mounts effects twice:
// config → (the console's own address) → UserManager → (redirect callback | stored user) →
// session check → /users/my.
import type { MyAnswer, PublicConfig } from '@fleetlens/contracts';
import type { User, UserManager } from 'oidc-client-ts';
import { fetchMy, fetchPublicConfig } from '../../api/platform';
import { consoleAddress } from './address';
import { verifySession } from './session';
import { setCurrentUser } from './token';
import { createUserManager, isSigninCallback } from './userManager';

export type BootResult =
  | { outcome: 'signedIn'; config: PublicConfig; manager: UserManager; user: User; my: MyAnswer }
  | { outcome: 'signedOut' | 'forbidden' | 'reloading'; config: PublicConfig; manager: UserManager }
  | { outcome: 'elsewhere'; config: PublicConfig; manager: UserManager; address: string }
  | { outcome: 'guardFailed'; config: PublicConfig; manager: UserManager; error: unknown };

function cleanUrl(hash: string): void {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  // replaceState is silent; the hash router must learn the new location before the sign-in
  // settles, or it would route the spent callback URL ('/') to the landing page.
  window.dispatchEvent(new PopStateEvent('popstate'));
}

async function run(): Promise<BootResult> {
  const config = await fetchPublicConfig();
  const manager = createUserManager(config);
  const address = consoleAddress(config, window.location);
  if (address) {
    window.location.replace(address);
    return { outcome: 'elsewhere', config, manager, address };
  }
  let user: User | null;
  if (isSigninCallback(window.location.search)) {
    try {
      user = await manager.signinRedirectCallback();
      const target = (user.state as { target?: string } | undefined)?.target ?? '/';
      cleanUrl(`#${target.startsWith('/') ? target : '/'}`);
    } catch {
      // Spec §4: a failed sign-in reloads; drop the spent code first or it would fail forever.
      cleanUrl(window.location.hash);
      window.location.reload();
      return { outcome: 'reloading', config, manager };
    }
  } else {
    user = await manager.getUser();
    if (user?.expired) user = await manager.signinSilent().catch(() => null);
  }
  if (!user) return { outcome: 'signedOut', config, manager };
  const signedIn = user;
  setCurrentUser(signedIn);
  try {
    const ok = await verifySession({
      sessionState: signedIn.session_state ?? undefined,
      removeUser: async () => {
        setCurrentUser(null);
        await manager.removeUser();
      },
    });
    if (!ok) return { outcome: 'forbidden', config, manager };
    const my = await fetchMy();
    return { outcome: 'signedIn', config, manager, user: signedIn, my };
  } catch (error) {
    return { outcome: 'guardFailed', config, manager, error };
  }
}

let pending: Promise<BootResult> | null = null;

export function bootAuth(): Promise<BootResult> {
  pending ??= run();
  return pending;
}
