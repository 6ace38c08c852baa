// What a page or an edit form shows instead of its content while the record it needs is not
// there: skeleton lines while loading; "not found" for a 404 (deleted, or never visible to this
// user); otherwise the error itself with Retry (a passing outage should not send the user away);
// each with a way back. Never an empty form that could be saved over the record.
import { Button, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';

/** The part of a TanStack query this needs; pass one query or all the queries a page waits for. */
export type QueryLike = { isError: boolean; error: unknown; refetch?: () => unknown };

export type QueryStateProps = {
  query: QueryLike | QueryLike[];
  /** Where Back goes; the previous page when not given. */
  back?: string | undefined;
  /**
   * A record's form (EditPage, an assignment): "this record could not be loaded", Retry first.
   * A page otherwise: "this page could not be loaded", Back first.
   */
  record?: boolean;
};

export function QueryState({ query, back, record = false }: QueryStateProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const failed = (Array.isArray(query) ? query : [query]).find((q) => q.isError);
  if (!failed) {
    return (
      <div role="status" aria-busy="true" aria-label={t('queryState.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const goBack = (
    <Button
      key="back"
      type={record ? 'default' : 'primary'}
      onClick={() => (back ? navigate(back) : navigate(-1))}
    >
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
  const retry = failed.refetch;
  return (
    <Result
      status="error"
      title={record ? t('form.loadFailed') : t('queryState.failed')}
      subTitle={failed.error instanceof Error ? failed.error.message : undefined}
      extra={
        <Space>
          {retry && (
            <Button type={record ? 'primary' : 'default'} onClick={() => void retry()}>
              {t('queryState.retry')}
            </Button>
          )}
          {goBack}
        </Space>
      }
    />
  );
}
