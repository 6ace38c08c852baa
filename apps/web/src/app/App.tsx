import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { AppRoutes } from '../routes/AppRoutes';
import { FullPageLoader } from '../shell/FullPageLoader';
import { AuthProvider } from './auth/AuthProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { createQueryClient } from './queryClient';
import { SettingsProvider } from './settings';

/** Above the routes: the shell itself (AppLayout) loads lazily, and may fail to after a deploy. */
function ShellErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <ErrorBoundary title={t('errorBoundary.title')} retryText={t('errorBoundary.retry')}>
      {children}
    </ErrorBoundary>
  );
}

/** Providers in dependency order: query cache → settings/theme/locale → sign-in → hash routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AuthProvider>
          <HashRouter>
            <ShellErrorBoundary>
              <Suspense fallback={<FullPageLoader />}>
                <AppRoutes />
              </Suspense>
            </ShellErrorBoundary>
          </HashRouter>
        </AuthProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
