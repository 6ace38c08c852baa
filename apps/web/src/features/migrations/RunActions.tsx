// What an import and a past data transfer share once they run on the server: the six states'
// colours, which states are still moving (the list and the import page follow those), and the
// actions a state allows: abort while it runs, restore once it completed, the bad lines' report.
import type { MigrationState } from '@fleetlens/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export const STATE_COLORS: Record<MigrationState, string> = {
  idle: 'default',
  processing: 'blue',
  completed: 'green',
  error: 'red',
  aborting: 'orange',
  aborted: 'default',
};

/** Still moving on the server: its state and counts change without the user. */
export const isRunning = (status: MigrationState | undefined) =>
  status === 'processing' || status === 'aborting';

interface Run {
  id: string;
  status: MigrationState;
  failure: number;
}

export interface RunActionsProps {
  item: Run;
  /** A completed run that wrote records the server can take back. */
  restorable: boolean;
  abort: (id: string) => Promise<unknown>;
  restore: (id: string) => Promise<unknown>;
  downloadIssues: (id: string) => Promise<void>;
  /** Queries to fetch again once aborted or restored. */
  queryKey: QueryKey;
  /** Translation keys (migrations) of the two confirmations and the restore question. */
  texts: { aborted: string; restored: string; restoreConfirm: string };
}

export function RunActions({ item, restorable, queryKey, texts, ...calls }: RunActionsProps) {
  const { t } = useTranslation('migrations');
  const { message } = App.useApp();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'abort' | 'restore') =>
      action === 'abort' ? calls.abort(item.id) : calls.restore(item.id),
    onSuccess: async (_answer, action) => {
      message.success(t(action === 'abort' ? texts.aborted : texts.restored));
      await client.invalidateQueries({ queryKey });
    },
  });
  return (
    <Space wrap>
      {item.status === 'processing' && (
        <Button danger size="small" loading={act.isPending} onClick={() => act.mutate('abort')}>
          {t('abort')}
        </Button>
      )}
      {item.status === 'completed' && restorable && (
        <Popconfirm title={t(texts.restoreConfirm)} onConfirm={() => act.mutate('restore')}>
          <Button size="small" loading={act.isPending}>
            {t('restore')}
          </Button>
        </Popconfirm>
      )}
      {item.failure > 0 && (
        <Button size="small" onClick={() => void calls.downloadIssues(item.id)}>
          {t('downloadIssues')}
        </Button>
      )}
    </Space>
  );
}
