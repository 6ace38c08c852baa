// /customers: the companies the user may see, searchable and paged, with their parent, sub
// companies, functions and status; new, edit and live-settings actions for those allowed.
import type { Customer } from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { nameColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { customerKeys, fetchCustomers } from './api';

export function CustomersPage() {
  const { t } = useTranslation('customers');
  const canOpen = useCanOpen();
  const list = usePagedList<Customer>({
    key: customerKeys.list,
    fetch: fetchCustomers,
    initial: { order_by: 'name' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });

  const subCompanies = (c: Customer) => c.sub_companies.map((s) => s.name).join(', ');
  const functions = (c: Customer) => c.functions.map((f) => t(`functions.${f}`)).join(', ');
  const status = (c: Customer) => (c.enabled ? t('status.enabled') : t('status.disabled'));

  const columns: ListColumn<Customer>[] = [
    nameColumn(t('fields.name')),
    textColumn(t('fields.stk_user'), 'stk_user', (c) => c.stk_user, { sorter: true }),
    {
      title: t('fields.parent_id'),
      key: 'parent',
      render: (_, c) => c.parent?.name ?? '',
      long: true,
      exportValue: (c) => c.parent?.name ?? '',
    },
    {
      title: t('fields.sub_companies'),
      key: 'subs',
      render: (_, c) => subCompanies(c),
      long: true,
      exportValue: subCompanies,
    },
    {
      title: t('fields.functions'),
      key: 'functions',
      width: 280,
      render: (_, c) => (
        <Space size={[0, 4]} wrap>
          {c.functions.map((f) => (
            <Tag key={f}>{t(`functions.${f}`)}</Tag>
          ))}
        </Space>
      ),
      exportValue: functions,
    },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      render: (_, c) => <Tag color={c.enabled ? 'success' : 'default'}>{status(c)}</Tag>,
      exportValue: status,
    },
    actionsColumn(t('actions.title'), (c) => (
      <>
        {canOpen('customerEdit') && <Link to={`/customers/${c.id}/edit`}>{t('actions.edit')}</Link>}
        {canOpen('customerLiveSettings') && (
          <Link to={`/customers/${c.id}/live-settings`}>{t('actions.liveSettings')}</Link>
        )}
      </>
    )),
  ];

  return (
    <ListPage
      list={list}
      name="customers"
      fileName="customers"
      search={t('search')}
      empty={t('empty')}
      create={canOpen('customerNew') && { to: '/customers/new', label: t('actions.new') }}
      columns={columns}
    />
  );
}
