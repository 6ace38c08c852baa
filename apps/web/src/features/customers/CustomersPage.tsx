// /customers: the companies the user may see, searchable and paged, with their parent, sub
// companies, functions and status; new, edit and live-settings actions for those allowed.
import { CUSTOMER_FUNCTIONS, type Customer } from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { nameColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import { type ListColumn, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { customers } from './api';

export function CustomersPage() {
  const { t } = useTranslation('customers');
  const canOpen = useCanOpen();
  const list = useResourceList(customers, t, { sort: 'name' });

  const subCompanies = (c: Customer) => c.sub_companies.map((s) => s.name).join(', ');
  const functions = (c: Customer) => c.functions.map((f) => t(`functions.${f}`)).join(', ');
  const status = (c: Customer) => (c.enabled ? t('status.enabled') : t('status.disabled'));

  const columns: ListColumn<Customer>[] = [
    nameColumn(t('fields.name')),
    textColumn(t('fields.stk_user'), 'stk_user', (c) => c.stk_user, { sorter: true }),
    textColumn(t('fields.parent_id'), 'parent', (c) => c.parent?.name ?? '', { long: true }),
    textColumn(t('fields.sub_companies'), 'subs', subCompanies, { long: true }),
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
      codes: CUSTOMER_FUNCTIONS,
    },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      render: (_, c) => <Tag color={c.enabled ? 'success' : 'default'}>{status(c)}</Tag>,
      exportValue: status,
      codes: SWITCH_CODES,
    },
    useEditDeleteColumn<Customer>(t, {
      resource: customers,
      after: (c) =>
        canOpen('customerLiveSettings') && (
          <Link to={`/customers/${c.id}/live-settings`}>{t('actions.liveSettings')}</Link>
        ),
    }),
  ];

  return <ListPage list={list} columns={columns} />;
}
