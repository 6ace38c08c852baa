// /data-migration/past-data-transfer (provider staff): every past data transfer of the customers
// the caller sees, newest first, with its period, kinds, state, counts and progress, and the
// actions its state allows; a new one from the form. While one runs the list follows it.
import { type MigrationTransfer, serverTimeToLocal, TRANSFER_KINDS } from '@fleetlens/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { fetchTransfers, type TransfersParams, transferKeys } from './api';
import { isRunning } from './RunActions';
import { TransferForm } from './TransferForm';
import { TransferActions, TransferState } from './TransferResult';

const FOLLOW_MS = 1_500;

export function PastDataTransferPage() {
  const { t } = useTranslation('migrations');
  const [creating, setCreating] = useState(false);
  const list = usePagedList<MigrationTransfer, TransfersParams>({
    key: transferKeys.list,
    fetch: fetchTransfers,
    totalText: (total) => t('transfersTotal', { count: total }),
    pagination: { showSizeChanger: true },
    follow: { unfinished: (i) => isRunning(i.status), key: transferKeys.all, ms: FOLLOW_MS },
  });
  const kinds = (i: MigrationTransfer) => i.kinds.map((k) => t(`transferKinds.${k}`)).join(', ');
  const columns: ListColumn<MigrationTransfer>[] = [
    textColumn(t('created'), 'created', (i) => serverTimeToLocal(i.created_at)),
    customerColumn(t('customer'), false),
    textColumn(t('period'), 'period', (i) => `${i.period_from} – ${i.period_to}`),
    textColumn(t('kinds'), 'kinds', kinds, { codes: TRANSFER_KINDS }),
    {
      title: t('state'),
      key: 'state',
      render: (_, i) => <TransferState item={i} />,
      exportValue: (i) =>
        `${t(`states.${i.status}`)} ${t('counts', { total: i.total, success: i.success, failure: i.failure })}`,
    },
    textColumn(t('executor'), 'executor', (i) => i.executor.name),
    { title: t('actions'), key: 'actions', render: (_, i) => <TransferActions item={i} /> },
  ];
  return (
    <>
      <ListPage
        list={list}
        name="migration-transfers"
        fileName="transfers"
        empty={t('transfersEmpty')}
        columns={columns}
        create={{ label: t('newTransfer'), onClick: () => setCreating(true) }}
      />
      <TransferForm open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
