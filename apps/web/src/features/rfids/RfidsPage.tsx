// /rfids: the RFID cards of the user's companies, paged, sorted and filtered on the server
// (search box, assign status), with owner, group, kitting id, creator, status and dates.
import { ACTION_ROLES, RFID_STATUSES, type Rfid, type RfidStatus } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteRfid, fetchRfids, type RfidListParams, rfidKeys } from './api';

export function RfidStatusTag({ status }: { status: RfidStatus }) {
  const { t } = useTranslation('rfids');
  return <Tag color={status === 'operator_assigned' ? 'success' : 'default'}>{t(`status.${status}`)}</Tag>;
}

export function RfidsPage() {
  const { t } = useTranslation('rfids');
  const canOpen = useCanOpen();
  const may = useMay();
  const list = usePagedList<Rfid, RfidListParams>({
    key: rfidKeys.list,
    fetch: fetchRfids,
    initial: { order_by: 'rfid' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useRowDelete({ remove: deleteRfid, invalidate: rfidKeys.all, deleted: t('deleted') });
  const who = (c: Rfid) => (c.operator ? `${c.operator.operator_code} · ${c.operator.name}` : '');
  const columns: ListColumn<Rfid>[] = [
    {
      title: t('fields.rfid'),
      dataIndex: 'rfid',
      key: 'rfid',
      sorter: true,
      defaultSortOrder: 'ascend',
      alwaysShown: true,
      exportValue: (c) => c.rfid,
    },
    {
      title: t('fields.owner'),
      dataIndex: 'owner',
      key: 'owner',
      sorter: true,
      long: true,
      exportValue: (c) => c.owner,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      render: (_, c) => c.customer.name,
      long: true,
      exportValue: (c) => c.customer.name,
    },
    {
      title: t('fields.group'),
      key: 'group',
      sorter: true,
      render: (_, c) => c.group.name,
      long: true,
      exportValue: (c) => c.group.name,
    },
    {
      title: t('fields.kitting_id'),
      dataIndex: 'kitting_id',
      key: 'kitting_id',
      exportValue: (c) => c.kitting_id,
    },
    {
      title: t('fields.created_by'),
      key: 'created_by',
      render: (_, c) => c.created_by ?? '',
      exportValue: (c) => c.created_by ?? '',
    },
    {
      title: t('fields.status'),
      key: 'status',
      sorter: true,
      render: (_, c) => <RfidStatusTag status={c.status} />,
      exportValue: (c) => t(`status.${c.status}`),
    },
    { title: t('fields.operator'), key: 'operator', render: (_, c) => who(c), long: true, exportValue: who },
    {
      title: t('fields.assigned_from'),
      key: 'assigned_from',
      sorter: true,
      render: (_, c) => reportedTime(c.assigned_from),
      exportValue: (c) => reportedTime(c.assigned_from),
    },
    {
      title: t('fields.assigned_till'),
      key: 'assigned_till',
      render: (_, c) => (c.assigned_till ? reportedTime(c.assigned_till) : ''),
      exportValue: (c) => (c.assigned_till ? reportedTime(c.assigned_till) : ''),
    },
    actionsColumn(t('actions.title'), (c) => (
      <>
        {canOpen('rfidEdit') && <Link to={`/rfid/${c.id}/edit`}>{t('actions.edit')}</Link>}
        {canOpen('rfidAssignOperator') && (
          <Link to={`/rfid/${c.id}/assign-operator`}>{t('actions.assign')}</Link>
        )}
        {canOpen('rfidHistory') && <Link to={`/rfid/${c.id}/history`}>{t('actions.history')}</Link>}
        {may(...ACTION_ROLES.rfidDelete) && (
          <DeleteAction
            label={t('actions.delete')}
            confirm={t('confirmDelete', { rfid: c.rfid })}
            onConfirm={() => remove.mutate(c.id)}
          />
        )}
      </>
    )),
  ];
  return (
    <ListPage
      list={list}
      name="rfids"
      fileName={t('exportName')}
      search={t('search')}
      empty={t('empty')}
      create={canOpen('rfidNew') && { to: '/rfid/new', label: t('actions.new') }}
      filters={
        <ListFilter
          label={t('fields.status')}
          options={RFID_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => list.refine({ status })}
        />
      }
      columns={columns}
    />
  );
}
