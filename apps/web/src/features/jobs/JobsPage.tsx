// /jobs (the provider's admins and support): every customer's long-running jobs on the durable
// queue and the timed jobs' runs, newest first, filtered by kind and state; each with its progress
// and attempts, a running or waiting one cancelled, a failed or cancelled one run again. While a listed job waits
// or runs, the list follows it every few seconds.
import { JOB_KINDS, QUEUED_JOB_STATES, type QueuedJobItem, serverTimeToLocal } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { colourTagColumn, textColumn } from '../../shell/lists/columns';
import { filterOptions, ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { cancelJob, fetchJobs, type JobsParams, jobKeys, retryJob } from './api';

const STATE_COLORS = {
  created: 'default',
  retry: 'orange',
  active: 'blue',
  completed: 'green',
  cancelled: 'default',
  failed: 'red',
} as const;
const UNFINISHED = new Set(['created', 'retry', 'active']);
const FOLLOW_MS = 3_000;

export function JobsPage() {
  const { t } = useTranslation('jobs');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<QueuedJobItem, JobsParams>({
    key: jobKeys.list,
    fetch: fetchJobs,
    exportPath: '/jobs',
    ...listWords(t, { name: 'jobs', file: 'jobs' }),
    pagination: { showSizeChanger: true },
    follow: { unfinished: (job) => UNFINISHED.has(job.state), key: jobKeys.all, ms: FOLLOW_MS },
  });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'retry' }) =>
      action === 'cancel' ? cancelJob(id) : retryJob(id),
    onSuccess: async (_job, { action }) => {
      message.success(t(action === 'cancel' ? 'cancelled' : 'retried'));
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });

  const state = (value: QueuedJobItem['state']) => t(`states.${value}`);
  const customer = (job: QueuedJobItem) => job.customer?.name ?? t('provider');
  const time = (value: string | null) => (value ? serverTimeToLocal(value) : '');
  const columns: ListColumn<QueuedJobItem>[] = [
    textColumn(t('created'), 'created', (j) => time(j.created_at)),
    textColumn(t('queue'), 'queue', (j) => j.queue),
    textColumn(t('label'), 'label', (j) => j.label, { long: true }),
    textColumn(t('customer'), 'customer', customer, { long: true }),
    colourTagColumn(t('state'), 'state', (j) => j.state, state, STATE_COLORS, QUEUED_JOB_STATES),
    {
      title: t('progress'),
      key: 'progress',
      render: (_, j) => (
        <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
          <Progress
            aria-label={t('progress')}
            percent={j.progress}
            size="small"
            status={j.state === 'failed' ? 'exception' : j.state === 'active' ? 'active' : 'normal'}
          />
          {j.progress_note}
        </Space>
      ),
      exportValue: (j) => `${j.progress}%`,
    },
    {
      title: t('attempts'),
      key: 'attempts',
      render: (_, j) => t('attemptsOf', { attempts: j.attempts, limit: j.retry_limit + 1 }),
      exportValue: (j) => `${j.attempts}/${j.retry_limit + 1}`,
    },
    textColumn(t('updated'), 'updated', (j) => time(j.updated_at)),
    {
      title: t('actions'),
      key: 'actions',
      render: (_, j) =>
        UNFINISHED.has(j.state) ? (
          <Button size="small" danger onClick={() => act.mutate({ id: j.id, action: 'cancel' })}>
            {t('cancel')}
          </Button>
        ) : j.state === 'failed' || j.state === 'cancelled' ? (
          <Button size="small" onClick={() => act.mutate({ id: j.id, action: 'retry' })}>
            {t('retry')}
          </Button>
        ) : null,
    },
  ];
  return (
    <ListPage
      list={list}
      filters={
        <>
          <ListFilter
            label={t('kind')}
            placeholder={t('allKinds')}
            onChange={(kind) => list.refine({ kind })}
            options={filterOptions(JOB_KINDS, (k) => t(`kinds.${k}`))}
          />
          <ListFilter
            label={t('state')}
            placeholder={t('allStates')}
            onChange={(state) => list.refine({ state })}
            options={filterOptions(QUEUED_JOB_STATES, state)}
          />
        </>
      }
      columns={columns}
    />
  );
}
