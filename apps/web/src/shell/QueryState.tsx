import { Button, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';

/** The part of a TanStack query this needs; pass one query or all the queries a page waits for. */
type QueryLike = { isError: boolean; error: unknown; refetch?: () => unknown };

/**
 * What a page shows instead of its content while the record it needs is not there: skeleton
 * lines while loading, "not found" for a 404 (deleted, or never visible to this user) and an
 * error otherwise, with Retry, each with a way back. Never an empty form that could be saved
 * over the record.
 */
export function QueryState({ query, back }: { query: QueryLike | QueryLike[]; back?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const failed = (Array.isArray(query) ? query : [query]).find((q) => q.isError);
  if (!failed) {
    return (
      <div role="status" aria-label={t('queryState.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const goBack = (
    <Button type="primary" onClick={() => (back ? navigate(back) : navigate(-1))}>
      {t('queryState.back')}
    </Button>
  );
  if (failed.error instanceof ApiError && failed.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('queryState.notFound')}
        subTitle={t('queryState.notFoundText')}
        extra={goBack}
      />
    );
  }
  const message = failed.error instanceof Error ? failed.error.message : undefined;
  const retry = failed.refetch;
  return (
    <Result
      status="error"
      title={t('queryState.failed')}
      subTitle={message}
      extra={
        <Space>
          {retry && <Button onClick={() => void retry()}>{t('queryState.retry')}</Button>}
          {goBack}
        </Space>
      }
    />
  );
}
