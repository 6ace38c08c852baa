// /jobs (the provider's admins and support): every customer's long-running jobs on the durable
// queue and the timed jobs' runs, newest first, filtered by kind and state; each with its progress
// and attempts, a running or waiting one cancelled, a failed or cancelled one run again. While a listed job waits
// or runs, the list follows it every few seconds.
import {
  JOB_KINDS,
  type JobKind,
  QUEUED_JOB_STATES,
  type QueuedJobItem,
  serverTimeToLocal,
} from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
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
    totalText: (total) => t('total', { count: total }),
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

  const state = (job: QueuedJobItem) => t(`states.${job.state}`);
  const customer = (job: QueuedJobItem) => job.customer?.name ?? t('provider');
  const time = (value: string | null) => (value ? serverTimeToLocal(value) : '');
  const columns: ListColumn<QueuedJobItem>[] = [
    {
      title: t('created'),
      key: 'created',
      render: (_, j) => time(j.created_at),
      exportValue: (j) => time(j.created_at),
    },
    { title: t('queue'), key: 'queue', render: (_, j) => j.queue, exportValue: (j) => j.queue },
    { title: t('label'), key: 'label', render: (_, j) => j.label, long: true, exportValue: (j) => j.label },
    {
      title: t('customer'),
      key: 'customer',
      render: (_, j) => customer(j),
      long: true,
      exportValue: customer,
    },
    {
      title: t('state'),
      key: 'state',
      render: (_, j) => <Tag color={STATE_COLORS[j.state]}>{state(j)}</Tag>,
      exportValue: state,
    },
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
    {
      title: t('updated'),
      key: 'updated',
      render: (_, j) => time(j.updated_at),
      exportValue: (j) => time(j.updated_at),
    },
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
      name="jobs"
      fileName="jobs"
      empty={t('empty')}
      filters={
        <>
          <Select
            aria-label={t('kind')}
            allowClear
            placeholder={t('allKinds')}
            style={{ width: 200 }}
            onChange={(value?: JobKind) => list.refine({ kind: value })}
            options={JOB_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <Select
            aria-label={t('state')}
            allowClear
            placeholder={t('allStates')}
            style={{ width: 200 }}
            onChange={(value?: QueuedJobItem['state']) => list.refine({ state: value })}
            options={QUEUED_JOB_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          />
        </>
      }
      columns={columns}
    />
  );
}
