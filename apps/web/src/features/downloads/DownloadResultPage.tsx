// /download-result (download roles "request and download" and "download only"): the company's
// requests, newest first, with the spec's fields (company, period, type, method, state, size,
// executor, created and updated) and each one's progress while it waits or runs (followed every
// few seconds). A finished file is saved through its signed link while the link works; a waiting
// or running request is cancelled (aborting, then aborted) by a user who may request.
import {
  CANCELLABLE_DOWNLOAD_STATES,
  DOWNLOAD_FORMATS,
  DOWNLOAD_METHODS,
  DOWNLOAD_TYPES,
  type DownloadRequestItem,
  type DownloadState,
  serverTimeToLocal,
} from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/context';
import { customerColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { cancelDownload, downloadKeys, fetchDownloads, saveDownload } from './api';

const STATE_COLORS: Record<DownloadState, string> = {
  pending: 'default',
  started: 'blue',
  processing: 'blue',
  completed: 'green',
  failed: 'orange',
  error: 'red',
  aborting: 'orange',
  aborted: 'default',
};
type Row = DownloadRequestItem;
const UNFINISHED = new Set<DownloadState>([...CANCELLABLE_DOWNLOAD_STATES, 'aborting']);
const FOLLOW_MS = 1_500;

/** A size in the unit that reads best (bytes, KB, MB). */
const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 ** 2
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export function DownloadResultPage() {
  const { t } = useTranslation('downloads');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayRequest = useAuth().profile?.downloadRole === 'request';
  const list = usePagedList<DownloadRequestItem>({
    key: downloadKeys.list,
    fetch: fetchDownloads,
    ...listWords(t, { name: 'download-results', file: 'download-results' }),
    pagination: { showSizeChanger: true },
    follow: { unfinished: (r) => UNFINISHED.has(r.status), key: downloadKeys.lists, ms: FOLLOW_MS },
  });

  const cancel = useMutation({
    mutationFn: cancelDownload,
    onSuccess: async () => {
      message.success(t('cancelled'));
      await queryClient.invalidateQueries({ queryKey: downloadKeys.lists });
    },
  });

  const typeName = (r: Row) => t(`customers:downloadTypes.${r.download_type}`);
  const state = (r: Row) => t(`states.${r.status}`);
  const reason = (r: Row) => (r.message ? t(`validation:${r.message}`) : '');
  const columns: ListColumn<Row>[] = [
    textColumn(t('fields.created_at'), 'created_at', (r: Row) => serverTimeToLocal(r.created_at)),
    customerColumn(t('fields.customer'), false),
    textColumn(t('fields.download_type'), 'type', typeName, {
      exportField: 'download_type',
      codes: DOWNLOAD_TYPES,
    }),
    textColumn(t('fields.period'), 'period', (r: Row) => `${r.from} – ${r.to}`),
    textColumn(t('fields.method'), 'method', (r: Row) => t(`methods.${r.method}`), {
      codes: DOWNLOAD_METHODS,
    }),
    textColumn(t('fields.format'), 'format', (r: Row) => t(`formats.${r.format}`), {
      codes: DOWNLOAD_FORMATS,
    }),
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
          <Tag color={STATE_COLORS[r.status]}>{state(r)}</Tag>
          {UNFINISHED.has(r.status) && (
            <Progress percent={r.progress} size="small" status="active" aria-label={t('fields.progress')} />
          )}
          {reason(r)}
        </Space>
      ),
      exportValue: (r) => [state(r), reason(r)].filter(Boolean).join(': '),
    },
    textColumn(t('fields.file_size'), 'file_size', (r: Row) => sizeText(r.file_size)),
    textColumn(t('fields.executor'), 'executor', (r: Row) => r.executor.name),
    // Newest first is the list's one order.
    { ...updatedColumn<Row>(t('fields.updated_at')), sorter: false },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, r) =>
        r.status === 'completed' ? (
          <Button size="small" type="primary" onClick={() => void saveDownload(r).catch(() => {})}>
            {t('download')}
          </Button>
        ) : mayRequest && CANCELLABLE_DOWNLOAD_STATES.includes(r.status) ? (
          <Button size="small" danger onClick={() => cancel.mutate(r.id)}>
            {t('cancel')}
          </Button>
        ) : null,
    },
  ];
  return <ListPage list={list} columns={columns} />;
}
