// /drivers: the operators of the companies the user may see, paged, sorted and filtered on the
// server (search box, group), with their group, card, license expiry and last operating date.
import { ACTION_ROLES, type Operator, operatorName } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ListTools } from '../../shell/lists/ListTools';
import { ActionButton } from '../../shell/lists/rowActions';
import { type ListColumn, useColumnChoice } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import {
  deleteOperator,
  fetchGroups,
  fetchOperators,
  groupKeys,
  type OperatorListParams,
  operatorKeys,
} from './api';
import { localTime } from './format';
import { OperatorIcon } from './OperatorIcon';

export function OperatorsPage() {
  const { t } = useTranslation('operators');
  const { message } = App.useApp();
  const canOpen = useCanOpen();
  const may = useMay();
  const queryClient = useQueryClient();
  const list = usePagedList<Operator, OperatorListParams>({
    key: operatorKeys.list,
    fetch: fetchOperators,
    initial: { orderBy: 'operator_code' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const groups = useQuery({
    queryKey: groupKeys.list({ orderBy: 'name' }),
    queryFn: () => fetchGroups({ orderBy: 'name' }),
  });
  const remove = useMutation({
    mutationFn: deleteOperator,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });

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
    {
      title: t('fields.name'),
      key: 'name',
      sorter: true,
      render: (_, o) => operatorName(o),
      exportValue: operatorName,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      sorter: true,
      render: (_, o) => o.customer.name,
      exportValue: (o) => o.customer.name,
    },
    {
      title: t('fields.group'),
      key: 'group',
      sorter: true,
      render: (_, o) => o.group?.name ?? '',
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
    {
      title: t('fields.random_video'),
      key: 'random_video',
      render: (_, o) =>
        o.random_video_enabled ? (
          <Tag color="processing">{t('status.on')}</Tag>
        ) : (
          <Tag>{t('status.off')}</Tag>
        ),
      exportValue: (o) => (o.random_video_enabled ? t('status.on') : t('status.off')),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, o) => (
        <Space size="small" wrap>
          {canOpen('driverEdit') && <Link to={`/drivers/${o.id}/edit`}>{t('actions.edit')}</Link>}
          {canOpen('driverAssignGroup') && (
            <Link to={`/views/drivers/${o.id}/assign-group`}>{t('actions.assignGroup')}</Link>
          )}
          {canOpen('driverAssignRfid') && (
            <Link to={`/drivers/${o.id}/assign-rfid`}>{t('actions.assignRfid')}</Link>
          )}
          {may(...ACTION_ROLES.operatorDelete) && (
            <Popconfirm
              title={t('confirmDelete', { name: operatorName(o) })}
              onConfirm={() => remove.mutate(o.id)}
            >
              <ActionButton danger>{t('actions.delete')}</ActionButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const choice = useColumnChoice('drivers', columns);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('driverNew') && { to: '/drivers/new', label: t('actions.new') }}
      />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <ListFilter
          label={t('filterGroup')}
          width={240}
          options={(groups.data?.list ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} (${g.customer.name})`,
          }))}
          onChange={(groupId) => list.refine({ groupId })}
        />
        <ListTools
          columns={columns}
          hidden={choice.hidden}
          onChoose={choice.choose}
          fetchPage={(page, perPage) => fetchOperators({ ...list.params, page, perPage })}
          fileName={t('exportName')}
        />
      </Space>
      <Table<Operator> {...list.tableProps} columns={choice.visible} />
    </Space>
  );
}
