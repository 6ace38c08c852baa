import { message } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../app/auth/context';
import { FullPageLoader } from '../shell/FullPageLoader';

/** #/login?redirect=<path>: hands over to the identity page, remembering where to return. */
export function LoginPage() {
  const { status, login } = useAuth();
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const target = params.get('redirect') || '/';
  const started = useRef(false);
  useEffect(() => {
    if ((status !== 'signedOut' && status !== 'forbidden') || started.current) return;
    started.current = true;
    login(target).catch((error: unknown) => {
      started.current = false;
      message.error((error instanceof Error && error.message) || 'Has Error');
    });
  }, [status, login, target]);
  if (status === 'signedIn') return <Navigate to={target} replace />;
  return <FullPageLoader text={t('login.redirecting')} />;
}
