// /operator-groups: the operator groups of the user's companies with their member counts; a
// row opens to its members. New, edit and delete for those allowed; a group that has operators
// cannot be deleted (the server says "The group has users").
import type { OperatorGroup } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, descriptionColumn, nameColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useDialogList } from '../../shell/lists/useDialogEditing';
import { DriveSummaryLink } from '../drive-summary/DriveSummaryLink';
import { operatorGroups } from './api';
import { GroupFormModal } from './GroupFormModal';
import { GroupMembers } from './GroupMembers';

export function OperatorGroupsPage() {
  const { t } = useTranslation('operators');
  const { list, dialog } = useDialogList(
    operatorGroups,
    t,
    { words: 'groups.', sort: 'name' },
    t('groups.new'),
  );
  const columns: ListColumn<OperatorGroup>[] = [
    nameColumn(t('groups.name')),
    descriptionColumn(t('groups.description')),
    customerColumn(t('fields.customer')),
    textColumn(t('groups.memberCount'), 'member_count', (g) => g.member_count, { sorter: true }),
    useEditDeleteColumn<OperatorGroup>(t, {
      more: (g) => (
        <>
          <DriveSummaryLink page="operatorGroupDriveSummary" id={g.id} name={g.name} />
          {dialog.editButton(g)}
        </>
      ),
      resource: operatorGroups,
      confirm: (g) => t('groups.confirmDelete', { name: g.name }),
    }),
  ];
  return (
    <ListPage
      list={list}
      columns={columns}
      table={{ expandable: { expandedRowRender: (g) => <GroupMembers groupId={g.id} /> } }}
    >
      <GroupFormModal group={dialog.editing} onClose={dialog.close} />
    </ListPage>
  );
}
