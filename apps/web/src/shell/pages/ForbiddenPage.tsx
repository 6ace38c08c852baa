import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicConfig } from '../../api/platform';
import { useAuth } from '../../app/auth/context';
import { createUserManager } from '../../app/auth/userManager';
import { errorToast } from '../../app/notices';
import { usePageTitle } from '../usePageTitle';
import { StandalonePage } from './StandalonePage';

/**
 * Signs in again, asking the realm to sign the user's other browsers out once the password is
 * right (release_devices): this browser then takes a freed place. The sign-in form says so.
 */
async function signInReleasingOthers(language: string, known: { issuer: string; clientId: string } | null) {
  const config = known ?? (await fetchPublicConfig());
  await createUserManager(config).signinRedirect({
    prompt: 'login',
    ui_locales: language,
    state: { target: '/' },
    extraQueryParams: { release_devices: 'yes' },
  });
}

/**
 * #/403: the device limit was exceeded (spec §2.2). The session is already gone here. No <h1>:
 * the device-limit story tells this page from a signed-in one by the absence of a page heading.
 */
export function ForbiddenPage() {
  const { t, i18n } = useTranslation(['shell', 'route']);
  const { config } = useAuth();
  const [leaving, setLeaving] = useState(false);
  usePageTitle(t('route:pages.forbidden'));
  const releaseOthers = () => {
    setLeaving(true);
    signInReleasingOthers(i18n.language, config).catch((error: unknown) => {
      setLeaving(false);
      void errorToast((error instanceof Error && error.message) || 'Has Error');
    });
  };
  return (
    <StandalonePage code="403">
      <p className="fl-standalone-text">{t('forbidden.exceeded')}</p>
      <p className="fl-standalone-hint">{t('forbidden.contact')}</p>
      {/* A full reload so sign-in starts from a clean state. */}
      <Button type="primary" shape="round" size="large" href={`${window.location.pathname}#/login`}>
        {t('forbidden.login')}
      </Button>
      <p className="fl-standalone-hint">{t('forbidden.releaseHint')}</p>
      <Button shape="round" size="large" loading={leaving} onClick={releaseOthers}>
        {t('forbidden.release')}
      </Button>
    </StandalonePage>
  );
}
