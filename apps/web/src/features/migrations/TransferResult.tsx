// One past data transfer's state as its list shows it: the six states, the counts of total, success
// and failure, what it wrote, its progress while it runs, and the actions its state allows: abort
// while it runs, restore once it completed, the report of every bad line when there is one.
import type { MigrationTransfer } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { abortTransfer, downloadTransferIssues, restoreTransfer, transferKeys } from './api';
import { STATE_COLORS } from './ImportResult';

export function TransferState({ item }: { item: MigrationTransfer }) {
  const { t } = useTranslation('migrations');
  const { t: tv } = useTranslation('validation');
  return (
    <Space direction="vertical" size={2} data-testid="transfer-state">
      <Space wrap>
        <Tag color={STATE_COLORS[item.status]}>{t(`states.${item.status}`)}</Tag>
        {item.restored_at && <Tag color="purple">{t('restored')}</Tag>}
        <span>{t('counts', { total: item.total, success: item.success, failure: item.failure })}</span>
      </Space>
      {item.status === 'processing' && <Progress size="small" percent={item.progress} status="active" />}
      {item.status === 'completed' && !item.restored_at && (
        <Typography.Text type="secondary">{t('writtenCounts', item.written)}</Typography.Text>
      )}
      {item.message && (
        <Typography.Text type="secondary">{tv(item.message.replace(/^validation\./, ''))}</Typography.Text>
      )}
      {item.issues[0] && (
        <Typography.Text type="danger">
          {t('firstIssue', {
            file: t(`transferFiles.${item.issues[0].file}`),
            line: item.issues[0].line,
            reason: item.issues[0].reason,
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

export function TransferActions({ item }: { item: MigrationTransfer }) {
  const { t } = useTranslation('migrations');
  const { message } = App.useApp();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'abort' | 'restore') =>
      action === 'abort' ? abortTransfer(item.id) : restoreTransfer(item.id),
    onSuccess: async (_answer, action) => {
      message.success(t(action === 'abort' ? 'transferAborted' : 'transferRestored'));
      await client.invalidateQueries({ queryKey: transferKeys.all });
    },
  });
  return (
    <Space wrap>
      {item.status === 'processing' && (
        <Button danger size="small" loading={act.isPending} onClick={() => act.mutate('abort')}>
          {t('abort')}
        </Button>
      )}
      {item.status === 'completed' && !item.restored_at && (
        <Popconfirm title={t('transferRestoreConfirm')} onConfirm={() => act.mutate('restore')}>
          <Button size="small" loading={act.isPending}>
            {t('restore')}
          </Button>
        </Popconfirm>
      )}
      {item.failure > 0 && (
        <Button size="small" onClick={() => void downloadTransferIssues(item.id)}>
          {t('downloadIssues')}
        </Button>
      )}
    </Space>
  );
}
