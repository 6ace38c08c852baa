// /customers: the companies the user may see, searchable and paged, with their parent, sub
// companies, functions and status; new, edit and live-settings actions for those allowed.
import type { Customer } from '@fleetlens/contracts';
import { Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { customerKeys, fetchCustomers } from './api';

export function CustomersPage() {
  const { t } = useTranslation('customers');
  const canOpen = useCanOpen();
  const list = usePagedList<Customer>({
    key: customerKeys.list,
    fetch: fetchCustomers,
    initial: { orderBy: 'name' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });

  const columns: ColumnsType<Customer> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true, defaultSortOrder: 'ascend' },
    { title: t('fields.stk_user'), dataIndex: 'stk_user', key: 'stk_user', sorter: true },
    { title: t('fields.parent_id'), key: 'parent', render: (_, c) => c.parent?.name ?? '' },
    {
      title: t('fields.sub_companies'),
      key: 'subs',
      render: (_, c) => c.sub_companies.map((s) => s.name).join(', '),
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
    },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      render: (_, c) => (
        <Tag color={c.enabled ? 'success' : 'default'}>
          {c.enabled ? t('status.enabled') : t('status.disabled')}
        </Tag>
      ),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) => (
        <Space size="small">
          {canOpen('customerEdit') && <Link to={`/customers/${c.id}/edit`}>{t('actions.edit')}</Link>}
          {canOpen('customerLiveSettings') && (
            <Link to={`/customers/${c.id}/live-settings`}>{t('actions.liveSettings')}</Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('customerNew') && { to: '/customers/new', label: t('actions.new') }}
      />
      <Table<Customer> {...list.tableProps} columns={columns} />
    </Space>
  );
}
