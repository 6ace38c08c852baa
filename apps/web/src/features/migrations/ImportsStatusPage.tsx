// /data-migration/status (provider staff): every import of the customers the caller sees, newest
// first, each with its state, counts and actions; while one runs the list follows it.
import { type MigrationImport, serverTimeToLocal } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { fetchImports, type ImportsParams, importKeys } from './api';
import { ImportActions, ImportState } from './ImportResult';
import { isRunning } from './RunActions';

const FOLLOW_MS = 2_000;

export function ImportsStatusPage() {
  const { t } = useTranslation('migrations');
  const list = usePagedList<MigrationImport, ImportsParams>({
    key: importKeys.list,
    fetch: fetchImports,
    exportPath: '/migration-imports',
    ...listWords(t, { name: 'migration-imports', file: 'imports' }),
    pagination: { showSizeChanger: true },
    follow: { unfinished: (i) => isRunning(i.status), key: importKeys.all, ms: FOLLOW_MS },
  });
  const files = (i: MigrationImport) => i.files.map((f) => f.name).join(', ');
  const counts = (i: MigrationImport) =>
    t('counts', { total: i.total, success: i.success, failure: i.failure });
  const columns: ListColumn<MigrationImport>[] = [
    textColumn(t('created'), 'created', (i) => serverTimeToLocal(i.created_at)),
    customerColumn(t('customer'), false),
    textColumn(t('filesColumn'), 'files', files, { long: true }),
    {
      title: t('state'),
      key: 'state',
      render: (_, i) => <ImportState item={i} />,
      exportValue: (i) => `${t(`states.${i.status}`)} ${counts(i)}`,
    },
    textColumn(t('executor'), 'executor', (i) => i.executor.name),
    { title: t('actions'), key: 'actions', render: (_, i) => <ImportActions item={i} /> },
  ];
  return <ListPage list={list} columns={columns} />;
}
