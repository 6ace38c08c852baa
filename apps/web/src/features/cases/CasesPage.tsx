// /cases: the kitting batches the user may see (kitting users: those exposed to them), paged,
// sorted and filtered on the server, with column choice and export.
import { type Case, caseResource, recordAddress, serverTimeToLocal } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { cases } from './api';

export function CasesPage() {
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
  const list = useResourceList(cases, t, {
    initial: { order_by: 'created_at', order: 'desc' },
  });
  const yes = (v: boolean) => (v ? t('yes') : t('no'));
  const detail = (c: Case) => recordAddress(caseResource, 'detail', c.id);
  const created = (c: Case) => serverTimeToLocal(c.created_at);

  const columns: ListColumn<Case>[] = [
    textColumn(t('fields.case_number'), 'case_number', (c) => c.case_number, {
      sorter: true,
      render: (_, c) =>
        canOpen(caseResource.pages.detail) ? <Link to={detail(c)}>{c.case_number}</Link> : c.case_number,
    }),
    customerColumn(t('fields.customer_id')),
    textColumn(t('fields.devices_needed'), 'devices_needed', (c) => c.devices_needed, { sorter: true }),
    {
      title: t('fields.devices_registered'),
      key: 'devices_registered',
      render: (_, c) => `${c.devices_registered} / ${c.devices_needed}`,
      exportValue: (c) => c.devices_registered,
    },
    textColumn(t('fields.cards_registered'), 'cards_registered', (c) => c.cards_registered),
    textColumn(t('fields.rfid'), 'rfid', (c) => yes(c.rfid)),
    textColumn(t('fields.card_reader'), 'card_reader', (c) => yes(c.card_reader)),
    textColumn(t('fields.sim'), 'sim', (c) => yes(c.sim)),
    {
      title: t('fields.exposed_to_kitting'),
      key: 'exposed_to_kitting',
      render: (_, c) => (
        <Tag color={c.exposed_to_kitting ? 'blue' : 'default'}>{yes(c.exposed_to_kitting)}</Tag>
      ),
      exportValue: (c) => yes(c.exposed_to_kitting),
    },
    textColumn(t('fields.created_at'), 'created_at', created, { sorter: true, defaultSortOrder: 'descend' }),
    useEditDeleteColumn<Case>(t, {
      more: (c) => canOpen(caseResource.pages.detail) && <Link to={detail(c)}>{t('actions.detail')}</Link>,
      resource: cases,
      remove: false,
    }),
  ];
  return (
    <ListPage
      list={list}
      filters={
        <CustomerFilter
          label={t('fields.customer_id')}
          onChange={(customer_id) => list.refine({ customer_id })}
        />
      }
      columns={columns}
    />
  );
}
