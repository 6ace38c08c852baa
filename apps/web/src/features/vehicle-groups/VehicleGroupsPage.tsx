// /vehicle-groups: the vehicle groups of the companies the user may see, searchable, filtered by
// customer, with their number of vehicles; created and edited in a dialog. A group that has
// vehicles cannot be deleted: the server answers with the spec's message, shown as an error.
import { ACTION_ROLES, type VehicleGroup } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ListTools } from '../../shell/lists/ListTools';
import { type ListColumn, useColumnChoice } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../vehicles/CustomerFilter';
import { localTime } from '../vehicles/localTime';
import { deleteVehicleGroup, fetchVehicleGroups, type VehicleGroupListParams, vehicleGroupKeys } from './api';
import { GroupDialog } from './GroupDialog';

export function VehicleGroupsPage() {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const may = useMay();
  const canOpen = useCanOpen();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ group: VehicleGroup | null } | null>(null);
  const list = usePagedList<VehicleGroup, VehicleGroupListParams>({
    key: vehicleGroupKeys.list,
    fetch: fetchVehicleGroups,
    initial: { orderBy: 'name' },
    totalText: (total) => t('groups.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useMutation({
    mutationFn: deleteVehicleGroup,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all });
    },
  });

  const columns: ListColumn<VehicleGroup>[] = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      alwaysShown: true,
      exportValue: (g) => g.name,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      sorter: true,
      render: (_, g) => g.customer.name,
      exportValue: (g) => g.customer.name,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      ellipsis: true,
      exportValue: (g) => g.description,
    },
    {
      title: t('fields.vehicle_count'),
      key: 'vehicle_count',
      sorter: true,
      align: 'right',
      render: (_, g) =>
        canOpen('vehicles') ? <Link to={`/vehicles?group=${g.id}`}>{g.vehicle_count}</Link> : g.vehicle_count,
      exportValue: (g) => g.vehicle_count,
    },
    {
      title: t('fields.updated_at'),
      key: 'updated_at',
      sorter: true,
      render: (_, g) => localTime(g.updated_at),
      exportValue: (g) => localTime(g.updated_at),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, g) => (
        <Space size="small">
          {canOpen('groupDriveSummary') && (
            <Link to={`/groups/${g.id}/drive-summary?name=${encodeURIComponent(g.name)}`}>
              {t('drive-summary:link')}
            </Link>
          )}
          {may(...ACTION_ROLES.vehicleGroupEdit) && (
            <Typography.Link onClick={() => setEditing({ group: g })}>{t('actions.edit')}</Typography.Link>
          )}
          {may(...ACTION_ROLES.vehicleGroupDelete) && (
            <Popconfirm title={t('confirmDelete', { name: g.name })} onConfirm={() => remove.mutate(g.id)}>
              <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const choice = useColumnChoice('vehicleGroups', columns);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <ListToolbar
          searches={[{ label: t('groups.search'), onSearch: (filter) => list.refine({ filter }) }]}
        />
        {may(...ACTION_ROLES.vehicleGroupAdd) && (
          <Button type="primary" onClick={() => setEditing({ group: null })}>
            {t('actions.new')}
          </Button>
        )}
      </Space>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <CustomerFilter onChange={(customerId) => list.refine({ customerId })} />
        <ListTools
          columns={columns}
          hidden={choice.hidden}
          onChoose={choice.choose}
          fetchPage={(page, perPage) => fetchVehicleGroups({ ...list.params, page, perPage })}
          fileName="vehicle-groups"
        />
      </Space>
      <Table<VehicleGroup> {...list.tableProps} columns={choice.visible} />
      <GroupDialog group={editing?.group ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </Space>
  );
}
