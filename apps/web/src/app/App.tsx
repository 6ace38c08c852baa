import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { HashRouter } from 'react-router';
import { AppRoutes } from '../routes/AppRoutes';
import { FullPageLoader } from '../shell/FullPageLoader';
import { AuthProvider } from './auth/AuthProvider';
import { createQueryClient } from './queryClient';
import { SettingsProvider } from './settings';

/** Providers in dependency order: query cache → settings/theme/locale → sign-in → hash routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AuthProvider>
          <HashRouter>
            <Suspense fallback={<FullPageLoader />}>
              <AppRoutes />
            </Suspense>
          </HashRouter>
        </AuthProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
