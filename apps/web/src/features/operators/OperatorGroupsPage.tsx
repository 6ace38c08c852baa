// /operator-groups: the operator groups of the user's companies with their member counts; a
// row opens to its members. New, edit and delete for those allowed; a group that has operators
// cannot be deleted (the server says "The group has users").
import { ACTION_ROLES, type OperatorGroup } from '@fleetlens/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { customerColumn, descriptionColumn, nameColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { ActionButton, actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteGroup, fetchGroups, groupKeys, type OperatorGroupListParams } from './api';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembers } from './GroupMembers';

export function OperatorGroupsPage() {
  const { t } = useTranslation('operators');
  const may = useMay();
  const canOpen = useCanOpen();
  const [editing, setEditing] = useState<OperatorGroup | null | undefined>(undefined);
  const list = usePagedList<OperatorGroup, OperatorGroupListParams>({
    key: groupKeys.list,
    fetch: fetchGroups,
    initial: { order_by: 'name' },
    totalText: (total) => t('groups.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useRowDelete({ remove: deleteGroup, invalidate: groupKeys.all, deleted: t('deleted') });
  const columns: ListColumn<OperatorGroup>[] = [
    nameColumn(t('groups.name')),
    descriptionColumn(t('groups.description')),
    customerColumn(t('fields.customer')),
    {
      title: t('groups.memberCount'),
      dataIndex: 'member_count',
      key: 'member_count',
      sorter: true,
      exportValue: (g) => g.member_count,
    },
    actionsColumn(t('actions.title'), (g) => (
      <>
        {canOpen('operatorGroupDriveSummary') && (
          <Link to={`/operator-groups/${g.id}/drive-summary?name=${encodeURIComponent(g.name)}`}>
            {t('drive-summary:link')}
          </Link>
        )}
        {may(...ACTION_ROLES.operatorGroupEdit) && (
          <ActionButton onClick={() => setEditing(g)}>{t('actions.edit')}</ActionButton>
        )}
        {may(...ACTION_ROLES.operatorGroupDelete) && (
          <DeleteAction
            label={t('actions.delete')}
            confirm={t('groups.confirmDelete', { name: g.name })}
            onConfirm={() => remove.mutate(g.id)}
          />
        )}
      </>
    )),
  ];
  return (
    <ListPage
      list={list}
      name="operatorGroups"
      fileName={t('groups.exportName')}
      search={t('groups.search')}
      empty={t('groups.empty')}
      create={
        may(...ACTION_ROLES.operatorGroupAdd) && { label: t('groups.new'), onClick: () => setEditing(null) }
      }
      columns={columns}
      table={{ expandable: { expandedRowRender: (g) => <GroupMembers groupId={g.id} /> } }}
    >
      <GroupFormModal group={editing} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
