import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleAddress } from '../app/auth/address';
import { useAuth } from '../app/auth/context';

/** Opened at another address than the console's: on the way there, and what to do if it fails. */
export function ElsewherePage() {
  const { config } = useAuth();
  const { t } = useTranslation('shell');
  const url = config?.consoleUrl ?? '';
  const address = config ? (consoleAddress(config, window.location) ?? url) : url;
  return (
    <Result
      status="info"
      title={t('elsewhere.title')}
      subTitle={
        <>
          {t('elsewhere.text', { url })}
          <Typography.Paragraph type="secondary">{t('elsewhere.admin')}</Typography.Paragraph>
        </>
      }
      extra={
        <Button type="primary" href={address}>
          {t('elsewhere.open', { url })}
        </Button>
      }
    />
  );
}
