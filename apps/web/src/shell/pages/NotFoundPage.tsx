import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../usePageTitle';
import { StandalonePage } from './StandalonePage';

/** #/404, reachable without sign-in; the English texts are the spec's, word for word. */
export function NotFoundPage() {
  const { t } = useTranslation(['shell', 'route']);
  usePageTitle(t('route:pages.notFound'));
  return (
    <StandalonePage code="404">
      <h1 className="fl-standalone-headline">{t('notFound.headline')}</h1>
      <p className="fl-standalone-text">{t('notFound.text')}</p>
      <p className="fl-standalone-hint">{t('notFound.hint')}</p>
      <Link to="/">
        <Button type="primary" shape="round" size="large">
          {t('notFound.back')}
        </Button>
      </Link>
    </StandalonePage>
  );
}
