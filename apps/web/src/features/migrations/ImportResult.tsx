// One import's state as both migration screens show it: the six states, the counts of total,
// success and failure, the first bad lines with their reasons (every one downloadable), and the
// actions its state allows: abort while it runs, restore once it completed.
import type { MigrationImport, MigrationState } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { abortImport, downloadIssues, importKeys, restoreImport } from './api';

export const STATE_COLORS: Record<MigrationState, string> = {
  idle: 'default',
  processing: 'blue',
  completed: 'green',
  error: 'red',
  aborting: 'orange',
  aborted: 'default',
};

export function ImportState({ item }: { item: MigrationImport }) {
  const { t } = useTranslation('migrations');
  return (
    <Space wrap>
      <Tag color={STATE_COLORS[item.status]}>{t(`states.${item.status}`)}</Tag>
      {item.dry_run && <Tag>{t('dryRun')}</Tag>}
      {item.restored_at && <Tag color="purple">{t('restored')}</Tag>}
      <span>{t('counts', { total: item.total, success: item.success, failure: item.failure })}</span>
    </Space>
  );
}

/** Abort (while it runs) and restore (a completed import that wrote its records). */
export function ImportActions({ item }: { item: MigrationImport }) {
  const { t } = useTranslation('migrations');
  const { message } = App.useApp();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'abort' | 'restore') =>
      action === 'abort' ? abortImport(item.id) : restoreImport(item.id),
    onSuccess: async (_answer, action) => {
      message.success(t(action === 'abort' ? 'aborted' : 'restoredDone'));
      await client.invalidateQueries({ queryKey: importKeys.all });
    },
  });
  return (
    <Space wrap>
      {item.status === 'processing' && (
        <Button danger size="small" loading={act.isPending} onClick={() => act.mutate('abort')}>
          {t('abort')}
        </Button>
      )}
      {item.status === 'completed' && !item.dry_run && !item.restored_at && (
        <Popconfirm title={t('restoreConfirm')} onConfirm={() => act.mutate('restore')}>
          <Button size="small" loading={act.isPending}>
            {t('restore')}
          </Button>
        </Popconfirm>
      )}
      {item.failure > 0 && (
        <Button size="small" onClick={() => void downloadIssues(item.id)}>
          {t('downloadIssues')}
        </Button>
      )}
    </Space>
  );
}

export function ImportResult({ item }: { item: MigrationImport }) {
  const { t } = useTranslation('migrations');
  const { t: tv } = useTranslation('validation');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-result">
      <ImportState item={item} />
      {item.status === 'processing' && <Progress percent={item.progress} status="active" />}
      {item.message && <Typography.Text>{tv(item.message.replace(/^validation\./, ''))}</Typography.Text>}
      <ImportActions item={item} />
      {item.issues.length > 0 && (
        <Table
          size="small"
          rowKey={(issue) => `${issue.file}-${issue.line}-${issue.column}-${issue.key}`}
          pagination={false}
          dataSource={item.issues}
          caption={t('issuesShown', { shown: item.issues.length, count: item.failure })}
          columns={[
            { title: t('file'), dataIndex: 'file', render: (file: string) => t(`files.${file}`) },
            { title: t('line'), dataIndex: 'line' },
            { title: t('column'), dataIndex: 'column' },
            { title: t('value'), dataIndex: 'value' },
            { title: t('reason'), dataIndex: 'reason' },
          ]}
        />
      )}
    </Space>
  );
}
