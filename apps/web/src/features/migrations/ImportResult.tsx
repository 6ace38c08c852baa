// One import's state as both migration screens show it: the six states, the counts of total,
// success and failure, the first bad lines with their reasons (every one downloadable), and the
// actions its state allows: abort while it runs, restore once it completed.
import type { MigrationImport } from '@fleetlens/contracts';
import { Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { abortImport, downloadIssues, importKeys, restoreImport } from './api';
import { RunActions, STATE_COLORS } from './RunActions';

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
export const ImportActions = ({ item }: { item: MigrationImport }) => (
  <RunActions
    item={item}
    restorable={!item.dry_run && !item.restored_at}
    abort={abortImport}
    restore={restoreImport}
    downloadIssues={downloadIssues}
    queryKey={importKeys.all}
    texts={{ aborted: 'aborted', restored: 'restoredDone', restoreConfirm: 'restoreConfirm' }}
  />
);

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
