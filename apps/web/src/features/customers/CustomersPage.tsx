// /customers: the companies the user may see, searchable and paged, with their parent, sub
// companies, functions and status; new, edit and live-settings actions for those allowed.
import type { Customer } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerKeys, fetchCustomers } from './api';

const PAGE_SIZE = 20;

export function CustomersPage() {
  const { t } = useTranslation('customers');
  const canOpen = useCanOpen();
  const [params, setParams] = useState<ListParams>({ page: 1, perPage: PAGE_SIZE, orderBy: 'name' });
  const { data, isFetching } = useQuery({
    queryKey: customerKeys.list(params),
    queryFn: () => fetchCustomers(params),
    placeholderData: keepPreviousData,
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

  const onChange = (
    pagination: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<Customer> | SorterResult<Customer>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setParams((p) => ({
      ...p,
      page: pagination.current ?? 1,
      perPage: pagination.pageSize ?? PAGE_SIZE,
      orderBy: one?.order ? String(one.columnKey) : 'name',
      order: one?.order === 'descend' ? 'desc' : 'asc',
    }));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={(filter) => setParams((p) => ({ ...p, filter, page: 1 }))}
          style={{ width: 320 }}
        />
        {canOpen('customerNew') && (
          <Link to="/customers/new">
            <Button type="primary">{t('actions.new')}</Button>
          </Link>
        )}
      </Space>
      <Table<Customer>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: params.page,
          pageSize: params.perPage,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
        }}
      />
    </Space>
  );
}
