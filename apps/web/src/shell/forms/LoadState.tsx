// What an edit page or dialog shows while the record it edits is not there: a skeleton of the
// form while loading; for a failed load the error itself with Retry (a passing outage should not
// send the user away) and Back; "not found" for a 404 (deleted, or never visible to this user).
// Never an empty form that could be saved over the record.
import { Button, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';

export type LoadingQuery = { isError: boolean; error: unknown; refetch: () => unknown };

export type LoadStateProps = {
  query: LoadingQuery;
  /** Where Back goes; the previous page when not given. */
  back?: string | undefined;
};

export function LoadState({ query, back }: LoadStateProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  if (!query.isError)
    return (
      <div role="status" aria-busy="true" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  const goBack = (
    <Button key="back" onClick={() => (back ? navigate(back) : navigate(-1))}>
      {t('form.back')}
    </Button>
  );
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Result status="404" title={t('form.notFound')} subTitle={t('form.notFoundText')} extra={goBack} />
    );
  const detail = query.error instanceof Error ? query.error.message : undefined;
  return (
    <Result
      status="error"
      title={t('form.loadFailed')}
      subTitle={detail}
      extra={
        <Space>
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('form.retry')}
          </Button>
          {goBack}
        </Space>
      }
    />
  );
}
