// /drivers: the operators of the companies the user may see, paged, sorted and filtered on the
// server (search box, group), with their group, card, license expiry and last operating date.
import { type Operator, operatorName, operatorResource, recordAddress } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourceRows } from '../../api/resource';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { iconColumn, textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { operatorGroups, operators } from './api';
import { operatorColumns, useOperatorList } from './columns';
import { OperatorIcon } from './OperatorIcon';

export function OperatorsPage() {
  const { t } = useTranslation('operators');
  const canOpen = useCanOpen();
  const list = useOperatorList(t, operatorResource.pages.list);
  const groups = useResourceRows(operatorGroups, { order_by: 'name' });
  const shared = operatorColumns(t, true);
  const sorted = { sorter: true };
  const columns: ListColumn<Operator>[] = [
    iconColumn(t('fields.operator_code'), 'operator_code', {
      value: (o) => o.operator_code,
      icon: (o) => <OperatorIcon name={o.icon} label={t(`icons.${o.icon}`)} />,
      to: (o) => recordAddress(operatorResource, 'detail', o.id),
    }),
    shared.name,
    shared.customer,
    textColumn(t('fields.group'), 'group', (o) => o.group?.name ?? '', { sorter: true, long: true }),
    textColumn(t('fields.rfid'), 'rfid', (o) => o.rfid?.rfid ?? ''),
    textColumn(t('fields.phone'), 'phone', (o) => o.phone),
    textColumn(t('fields.license_valid_till'), 'license_valid_till', (o) => o.license_valid_till, sorted),
    textColumn(
      t('fields.last_operated_at'),
      'last_operated_at',
      (o) => reportedTime(o.last_operated_at),
      sorted,
    ),
    shared.randomVideo(t('fields.random_video'), 'random_video'),
    useEditDeleteColumn<Operator>(t, {
      resource: operators,
      after: (o) => (
        <>
          {canOpen('driverAssignGroup') && (
            <Link to={`/views/drivers/${o.id}/assign-group`}>{t('actions.assignGroup')}</Link>
          )}
          {canOpen('driverAssignRfid') && (
            <Link to={`/drivers/${o.id}/assign-rfid`}>{t('actions.assignRfid')}</Link>
          )}
        </>
      ),
      confirm: (o) => t('confirmDelete', { name: operatorName(o) }),
    }),
  ];
  const groupOptions = groups.map((g) => ({ value: g.id, label: `${g.name} (${g.customer.name})` }));

  return (
    <ListPage
      list={list}
      filters={
        <ListFilter
          label={t('filterGroup')}
          width={240}
          options={groupOptions}
          onChange={(group_id) => list.refine({ group_id })}
        />
      }
      columns={columns}
    />
  );
}
