// One past data transfer's state as its list shows it: the six states, the counts of total, success
// and failure, what it wrote, its progress while it runs, and the actions its state allows: abort
// while it runs, restore once it completed, the report of every bad line when there is one.
import type { MigrationTransfer } from '@fleetlens/contracts';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { abortTransfer, downloadTransferIssues, restoreTransfer, transferKeys } from './api';
import { RunActions, STATE_COLORS } from './RunActions';

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

export const TransferActions = ({ item }: { item: MigrationTransfer }) => (
  <RunActions
    item={item}
    restorable={!item.restored_at}
    abort={abortTransfer}
    restore={restoreTransfer}
    downloadIssues={downloadTransferIssues}
    queryKey={transferKeys.all}
    texts={{
      aborted: 'transferAborted',
      restored: 'transferRestored',
      restoreConfirm: 'transferRestoreConfirm',
    }}
  />
);
