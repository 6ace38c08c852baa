// A map page's data that could not be loaded: the error above the map with Retry (the map stays,
// with what it had).
import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export type LoadFailedProps = {
  query: { isError: boolean; refetch: () => unknown };
  style?: CSSProperties;
};

export function LoadFailed({ query, style }: LoadFailedProps) {
  const { t } = useTranslation('maps');
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      message={t('loadFailed')}
      action={<Button onClick={() => void query.refetch()}>{t('shell:lists.retry')}</Button>}
      style={style}
    />
  );
}
