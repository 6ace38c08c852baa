// Renders a piece of the shell as the app does: i18n (English unless told), query cache,
// settings/antd, a signed-in (or given) auth context and a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, type AuthContextValue } from '../app/auth/context';
import { type Profile, profileFromClaims } from '../app/auth/profile';
import { initI18n, type Language } from '../app/i18n';
import { SettingsProvider } from '../app/settings';

export type ShellRenderOptions = {
  path?: string;
  /** The route the page is mounted at (`/report/:id/detail`), where it reads the path's parameters. */
  route?: string;
  profile?: Profile | null;
  language?: Language;
  auth?: Partial<AuthContextValue>;
};

export function demoProfile(claims: Record<string, unknown>): Profile {
  return profileFromClaims({ sub: 'u-1', name: 'Demo User', ...claims });
}

export async function renderInShell(
  ui: ReactElement,
  options: ShellRenderOptions = {},
): Promise<RenderResult> {
  await initI18n(options.language ?? 'en');
  const profile = options.profile === undefined ? demoProfile({ sys_role: 'admin' }) : options.profile;
  const auth: AuthContextValue = {
    status: profile ? 'signedIn' : 'signedOut',
    user: null,
    profile,
    config: null,
    accessToken: () => 'token',
    login: async () => undefined,
    logout: async () => undefined,
    refreshAccess: async () => undefined,
    ...options.auth,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = options.route ? (
    <Routes>
      <Route path={options.route} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AuthContext.Provider value={auth}>
          {/* The shell's (AppLayout) message and modal hooks, which screens use. */}
          <AntApp component={false}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>{page}</MemoryRouter>
          </AntApp>
        </AuthContext.Provider>
      </SettingsProvider>
    </QueryClientProvider>,
  );
}
