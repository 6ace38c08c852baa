import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../app/auth/context';
import { FullPageLoader } from '../shell/FullPageLoader';
import { ElsewherePage } from './elsewhere';

/** #/login?redirect=<path>: hands over to the identity page, remembering where to return. */
export function LoginPage() {
  const { status, login } = useAuth();
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const target = params.get('redirect') || '/';
  const started = useRef(false);
  // A sign-in page that cannot be reached says so, with a way to try again, instead of a loader
  // that waits for ever.
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the hand-over on "Try again".
  useEffect(() => {
    if ((status !== 'signedOut' && status !== 'forbidden') || started.current) return;
    started.current = true;
    login(target).catch((error: unknown) => {
      started.current = false;
      setFailure((error instanceof Error && error.message) || 'Has Error');
    });
  }, [status, login, target, attempt]);
  if (status === 'signedIn') return <Navigate to={target} replace />;
  if (status === 'elsewhere') return <ElsewherePage />;
  if (failure !== null) {
    return (
      <Result
        status="warning"
        title={t('login.failed')}
        subTitle={failure}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('login.retry')}
          </Button>
        }
      />
    );
  }
  return <FullPageLoader text={t('login.redirecting')} />;
}
