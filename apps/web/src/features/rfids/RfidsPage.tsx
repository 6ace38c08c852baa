// /rfids: the RFID cards of the user's companies, paged, sorted and filtered on the server
// (search box, assign status), with owner, group, kitting id, creator, status and dates.
import { RFID_STATUSES, type Rfid, type RfidStatus } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { rfids } from './api';

export function RfidStatusTag({ status }: { status: RfidStatus }) {
  const { t } = useTranslation('rfids');
  return <Tag color={status === 'operator_assigned' ? 'success' : 'default'}>{t(`status.${status}`)}</Tag>;
}

export function RfidsPage() {
  const { t } = useTranslation('rfids');
  const canOpen = useCanOpen();
  const list = useResourceList(rfids, t, { sort: 'rfid' });
  const who = (c: Rfid) => (c.operator ? `${c.operator.operator_code} · ${c.operator.name}` : '');
  const till = (c: Rfid) => (c.assigned_till ? reportedTime(c.assigned_till) : '');
  const columns: ListColumn<Rfid>[] = [
    textColumn(t('fields.rfid'), 'rfid', (c) => c.rfid, {
      sorter: true,
      defaultSortOrder: 'ascend',
      alwaysShown: true,
    }),
    textColumn(t('fields.owner'), 'owner', (c) => c.owner, { sorter: true, long: true }),
    customerColumn(t('fields.customer'), false),
    textColumn(t('fields.group'), 'group', (c) => c.group.name, { sorter: true, long: true }),
    textColumn(t('fields.kitting_id'), 'kitting_id', (c) => c.kitting_id),
    textColumn(t('fields.created_by'), 'created_by', (c) => c.created_by ?? ''),
    {
      title: t('fields.status'),
      key: 'status',
      sorter: true,
      render: (_, c) => <RfidStatusTag status={c.status} />,
      exportValue: (c) => t(`status.${c.status}`),
      codes: RFID_STATUSES,
    },
    textColumn(t('fields.operator'), 'operator', who, { long: true }),
    textColumn(t('fields.assigned_from'), 'assigned_from', (c) => reportedTime(c.assigned_from), {
      sorter: true,
    }),
    textColumn(t('fields.assigned_till'), 'assigned_till', till),
    useEditDeleteColumn<Rfid>(t, {
      resource: rfids,
      after: (c) => (
        <>
          {canOpen('rfidAssignOperator') && (
            <Link to={`/rfid/${c.id}/assign-operator`}>{t('actions.assign')}</Link>
          )}
          {canOpen('rfidHistory') && <Link to={`/rfid/${c.id}/history`}>{t('actions.history')}</Link>}
        </>
      ),
      confirm: (c) => t('confirmDelete', { rfid: c.rfid }),
    }),
  ];
  const statuses = RFID_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const onStatus = (status: RfidStatus | undefined) => list.refine({ status });
  const filters = <ListFilter label={t('fields.status')} options={statuses} onChange={onStatus} />;
  return <ListPage list={list} filters={filters} columns={columns} />;
}
