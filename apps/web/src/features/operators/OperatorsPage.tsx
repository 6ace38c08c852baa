// /drivers: the operators of the companies the user may see, paged, sorted and filtered on the
// server (search box, group), with their group, card, license expiry and last operating date.
import { ACTION_ROLES, type Operator, operatorName } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { deleteOperator, fetchGroups, groupKeys, operatorKeys } from './api';
import { operatorColumns, useOperatorList } from './columns';
import { localTime } from './format';
import { OperatorIcon } from './OperatorIcon';

export function OperatorsPage() {
  const { t } = useTranslation('operators');
  const canOpen = useCanOpen();
  const may = useMay();
  const list = useOperatorList();
  const groups = useQuery({
    queryKey: groupKeys.list({ order_by: 'name' }),
    queryFn: () => fetchGroups({ order_by: 'name' }),
  });
  const remove = useRowDelete({
    remove: deleteOperator,
    invalidate: operatorKeys.all,
    deleted: t('deleted'),
  });

  const shared = operatorColumns(t, true);
  const columns: ListColumn<Operator>[] = [
    {
      title: t('fields.operator_code'),
      key: 'operator_code',
      sorter: true,
      defaultSortOrder: 'ascend',
      render: (_, o) => (
        <Space>
          <OperatorIcon name={o.icon} label={t(`icons.${o.icon}`)} />
          <Link to={`/drivers/${o.id}/detail`}>{o.operator_code}</Link>
        </Space>
      ),
      exportValue: (o) => o.operator_code,
    },
    shared.name,
    shared.customer,
    {
      title: t('fields.group'),
      key: 'group',
      sorter: true,
      render: (_, o) => o.group?.name ?? '',
      long: true,
      exportValue: (o) => o.group?.name ?? '',
    },
    {
      title: t('fields.rfid'),
      key: 'rfid',
      render: (_, o) => o.rfid?.rfid ?? '',
      exportValue: (o) => o.rfid?.rfid ?? '',
    },
    { title: t('fields.phone'), key: 'phone', dataIndex: 'phone', exportValue: (o) => o.phone },
    {
      title: t('fields.license_valid_till'),
      dataIndex: 'license_valid_till',
      key: 'license_valid_till',
      sorter: true,
      exportValue: (o) => o.license_valid_till,
    },
    {
      title: t('fields.last_operated_at'),
      key: 'last_operated_at',
      sorter: true,
      render: (_, o) => localTime(o.last_operated_at),
      exportValue: (o) => localTime(o.last_operated_at),
    },
    shared.randomVideo(t('fields.random_video'), 'random_video'),
    actionsColumn(t('actions.title'), (o) => (
      <>
        {canOpen('driverEdit') && <Link to={`/drivers/${o.id}/edit`}>{t('actions.edit')}</Link>}
        {canOpen('driverAssignGroup') && (
          <Link to={`/views/drivers/${o.id}/assign-group`}>{t('actions.assignGroup')}</Link>
        )}
        {canOpen('driverAssignRfid') && (
          <Link to={`/drivers/${o.id}/assign-rfid`}>{t('actions.assignRfid')}</Link>
        )}
        {may(...ACTION_ROLES.operatorDelete) && (
          <DeleteAction
            label={t('actions.delete')}
            confirm={t('confirmDelete', { name: operatorName(o) })}
            onConfirm={() => remove.mutate(o.id)}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage
      list={list}
      name="drivers"
      fileName={t('exportName')}
      search={t('search')}
      empty={t('empty')}
      create={canOpen('driverNew') && { to: '/drivers/new', label: t('actions.new') }}
      filters={
        <ListFilter
          label={t('filterGroup')}
          width={240}
          options={(groups.data?.list ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} (${g.customer.name})`,
          }))}
          onChange={(group_id) => list.refine({ group_id })}
        />
      }
      columns={columns}
    />
  );
}
