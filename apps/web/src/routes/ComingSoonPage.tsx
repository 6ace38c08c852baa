import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type ComingSoonPageProps = Record<string, never>;

/** Screens of later releases: a plain notice, never sample data. */
export function ComingSoonPage() {
  const { t } = useTranslation('shell');
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: 'var(--ant-color-primary)' }} />}
      title={t('comingSoon.title')}
      subTitle={t('comingSoon.text')}
      extra={
        <Link to="/">
          <Button type="primary">{t('comingSoon.home')}</Button>
        </Link>
      }
    />
  );
}
