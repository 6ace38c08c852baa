// /cases: the kitting batches the user may see (kitting users: those exposed to them), paged,
// sorted and filtered on the server, with column choice and export.
import { type Case, serverTimeToLocal } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { type CaseListParams, caseKeys, fetchCases } from './api';

export function CasesPage() {
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
  const list = usePagedList<Case, CaseListParams>({
    key: caseKeys.list,
    fetch: fetchCases,
    initial: { order_by: 'created_at', order: 'desc' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const yes = (v: boolean) => (v ? t('yes') : t('no'));

  const columns: ListColumn<Case>[] = [
    {
      title: t('fields.case_number'),
      key: 'case_number',
      sorter: true,
      render: (_, c) =>
        canOpen('caseDetail') ? <Link to={`/cases/${c.id}/detail`}>{c.case_number}</Link> : c.case_number,
      exportValue: (c) => c.case_number,
    },
    {
      title: t('fields.customer_id'),
      key: 'customer',
      sorter: true,
      render: (_, c) => c.customer.name,
      long: true,
      exportValue: (c) => c.customer.name,
    },
    {
      title: t('fields.devices_needed'),
      key: 'devices_needed',
      sorter: true,
      render: (_, c) => c.devices_needed,
      exportValue: (c) => c.devices_needed,
    },
    {
      title: t('fields.devices_registered'),
      key: 'devices_registered',
      render: (_, c) => `${c.devices_registered} / ${c.devices_needed}`,
      exportValue: (c) => c.devices_registered,
    },
    {
      title: t('fields.cards_registered'),
      key: 'cards_registered',
      render: (_, c) => c.cards_registered,
      exportValue: (c) => c.cards_registered,
    },
    { title: t('fields.rfid'), key: 'rfid', render: (_, c) => yes(c.rfid), exportValue: (c) => yes(c.rfid) },
    {
      title: t('fields.card_reader'),
      key: 'card_reader',
      render: (_, c) => yes(c.card_reader),
      exportValue: (c) => yes(c.card_reader),
    },
    { title: t('fields.sim'), key: 'sim', render: (_, c) => yes(c.sim), exportValue: (c) => yes(c.sim) },
    {
      title: t('fields.exposed_to_kitting'),
      key: 'exposed_to_kitting',
      render: (_, c) => (
        <Tag color={c.exposed_to_kitting ? 'blue' : 'default'}>{yes(c.exposed_to_kitting)}</Tag>
      ),
      exportValue: (c) => yes(c.exposed_to_kitting),
    },
    {
      title: t('fields.created_at'),
      key: 'created_at',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, c) => serverTimeToLocal(c.created_at),
      exportValue: (c) => serverTimeToLocal(c.created_at),
    },
    actionsColumn(t('actions.title'), (c) => (
      <>
        {canOpen('caseDetail') && <Link to={`/cases/${c.id}/detail`}>{t('actions.detail')}</Link>}
        {canOpen('caseEdit') && <Link to={`/cases/${c.id}/edit`}>{t('actions.edit')}</Link>}
      </>
    )),
  ];
  return (
    <ListPage
      list={list}
      name="cases"
      fileName={t('exportName')}
      search={t('search')}
      empty={t('empty')}
      create={canOpen('caseNew') && { to: '/cases/new', label: t('actions.new') }}
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
