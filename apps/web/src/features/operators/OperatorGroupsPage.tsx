// /operator-groups: the operator groups of the user's companies with their member counts; a
// row opens to its members. New, edit and delete for those allowed; a group that has operators
// cannot be deleted (the server says "The group has users").
import type { OperatorGroup } from '@fleetlens/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMayAct } from '../../routes/useMay';
import { customerColumn, descriptionColumn, nameColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { ActionButton, useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { operatorGroups } from './api';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembers } from './GroupMembers';

export function OperatorGroupsPage() {
  const { t } = useTranslation('operators');
  const mayAct = useMayAct();
  const canOpen = useCanOpen();
  const [editing, setEditing] = useState<OperatorGroup | null | undefined>(undefined);
  const list = useResourceList(operatorGroups, t, { words: 'groups.', sort: 'name' });
  const columns: ListColumn<OperatorGroup>[] = [
    nameColumn(t('groups.name')),
    descriptionColumn(t('groups.description')),
    customerColumn(t('fields.customer')),
    textColumn(t('groups.memberCount'), 'member_count', (g) => g.member_count, { sorter: true }),
    useEditDeleteColumn<OperatorGroup>(t, {
      more: (g) => (
        <>
          {canOpen('operatorGroupDriveSummary') && (
            <Link to={`/operator-groups/${g.id}/drive-summary?name=${encodeURIComponent(g.name)}`}>
              {t('drive-summary:link')}
            </Link>
          )}
          {mayAct(operatorGroups.resource, 'edit') && (
            <ActionButton onClick={() => setEditing(g)}>{t('actions.edit')}</ActionButton>
          )}
        </>
      ),
      resource: operatorGroups,
      confirm: (g) => t('groups.confirmDelete', { name: g.name }),
    }),
  ];
  return (
    <ListPage
      list={list}
      create={
        mayAct(operatorGroups.resource, 'create') && {
          label: t('groups.new'),
          onClick: () => setEditing(null),
        }
      }
      columns={columns}
      table={{ expandable: { expandedRowRender: (g) => <GroupMembers groupId={g.id} /> } }}
    >
      <GroupFormModal group={editing} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
