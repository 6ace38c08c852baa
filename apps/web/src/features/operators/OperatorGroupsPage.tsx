// /operator-groups: the operator groups of the user's companies with their member counts; a
// row opens to its members. New, edit and delete for those allowed; a group that has operators
// cannot be deleted (the server says "The group has users").
import { ACTION_ROLES, type OperatorGroup } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ListTools } from '../../shell/lists/ListTools';
import { ActionButton } from '../../shell/lists/rowActions';
import { type ListColumn, useColumnChoice } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteGroup, fetchGroups, groupKeys } from './api';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembers } from './GroupMembers';

export function OperatorGroupsPage() {
  const { t } = useTranslation('operators');
  const { message } = App.useApp();
  const may = useMay();
  const canOpen = useCanOpen();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OperatorGroup | null | undefined>(undefined);
  const list = usePagedList<OperatorGroup, ListParams>({
    key: groupKeys.list,
    fetch: fetchGroups,
    initial: { orderBy: 'name' },
    totalText: (total) => t('groups.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
  const columns: ListColumn<OperatorGroup>[] = [
    {
      title: t('groups.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      exportValue: (g) => g.name,
    },
    {
      title: t('groups.description'),
      dataIndex: 'description',
      key: 'description',
      exportValue: (g) => g.description,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      sorter: true,
      render: (_, g) => g.customer.name,
      exportValue: (g) => g.customer.name,
    },
    {
      title: t('groups.memberCount'),
      dataIndex: 'member_count',
      key: 'member_count',
      sorter: true,
      exportValue: (g) => g.member_count,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, g) => (
        <Space size="small">
          {canOpen('operatorGroupDriveSummary') && (
            <Link to={`/operator-groups/${g.id}/drive-summary?name=${encodeURIComponent(g.name)}`}>
              {t('drive-summary:link')}
            </Link>
          )}
          {may(...ACTION_ROLES.operatorGroupEdit) && (
            <ActionButton onClick={() => setEditing(g)}>{t('actions.edit')}</ActionButton>
          )}
          {may(...ACTION_ROLES.operatorGroupDelete) && (
            <Popconfirm
              title={t('groups.confirmDelete', { name: g.name })}
              onConfirm={() => remove.mutate(g.id)}
            >
              <ActionButton danger>{t('actions.delete')}</ActionButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const choice = useColumnChoice('operatorGroups', columns);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <ListToolbar
          searches={[{ label: t('groups.search'), onSearch: (filter) => list.refine({ filter }) }]}
        />
        <Space wrap>
          <ListTools
            columns={columns}
            hidden={choice.hidden}
            onChoose={choice.choose}
            fetchPage={(page, perPage) => fetchGroups({ ...list.params, page, perPage })}
            fileName={t('groups.exportName')}
          />
          {may(...ACTION_ROLES.operatorGroupAdd) && (
            <Button type="primary" onClick={() => setEditing(null)}>
              {t('groups.new')}
            </Button>
          )}
        </Space>
      </Space>
      <Table<OperatorGroup>
        {...list.tableProps}
        columns={choice.visible}
        expandable={{ expandedRowRender: (g) => <GroupMembers groupId={g.id} /> }}
      />
      <GroupFormModal group={editing} onClose={() => setEditing(undefined)} />
    </Space>
  );
}
