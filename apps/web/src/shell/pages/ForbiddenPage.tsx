import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle';
import { StandalonePage } from './StandalonePage';

/**
 * #/403: the device limit was exceeded (spec §2.2). The session is already gone here. No <h1>:
 * the device-limit story tells this page from a signed-in one by the absence of a page heading.
 */
export function ForbiddenPage() {
  const { t } = useTranslation(['shell', 'route']);
  usePageTitle(t('route:pages.forbidden'));
  return (
    <StandalonePage code="403">
      <p className="fl-standalone-text">{t('forbidden.exceeded')}</p>
      <p className="fl-standalone-hint">{t('forbidden.contact')}</p>
      {/* A full reload so sign-in starts from a clean state. */}
      <Button type="primary" shape="round" size="large" href={`${window.location.pathname}#/login`}>
        {t('forbidden.login')}
      </Button>
    </StandalonePage>
  );
}
