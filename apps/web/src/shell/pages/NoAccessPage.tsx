import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteButton } from '../RouteButton';

/**
 * A page of the console this user may not open (a link from a colleague, a role just taken
 * away): said inside the console, its menu and tabs still there, instead of the webmaster's 404
 * outside it. The heading ("No access") is the layout's, as every page's is.
 */
export function NoAccessPage() {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="403"
      subTitle={t('noAccess.text')}
      extra={
        <RouteButton type="primary" to="/">
          {t('noAccess.home')}
        </RouteButton>
      }
    />
  );
}
