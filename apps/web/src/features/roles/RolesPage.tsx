// /roles: the custom roles of every company the user may see, searchable and paged.
import type { Role } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useCanOpen } from '../../routes/useCanOpen';
import { fetchRoles, roleKeys } from './api';

const PAGE_SIZE = 20;

export function RolesPage() {
  const { t } = useTranslation('roles');
  const canOpen = useCanOpen();
  const [params, setParams] = useState<ListParams>({ page: 1, perPage: PAGE_SIZE, orderBy: 'name' });
  const { data, isFetching } = useQuery({
    queryKey: roleKeys.list(params),
    queryFn: () => fetchRoles(params),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Role> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('fields.customer'), key: 'customer', render: (_, r) => r.customer.name },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('fields.privileges'), key: 'privileges', render: (_, r) => r.privileges.length },
    { title: t('fields.users'), dataIndex: 'user_count', key: 'users' },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => canOpen('roleEdit') && <Link to={`/roles/${r.id}/edit`}>{t('actions.edit')}</Link>,
    },
  ];
  const onChange = (pagination: TablePaginationConfig) =>
    setParams((p) => ({ ...p, page: pagination.current ?? 1, perPage: pagination.pageSize ?? PAGE_SIZE }));
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
        {canOpen('roleNew') && (
          <Link to="/roles/new">
            <Button type="primary">{t('actions.new')}</Button>
          </Link>
        )}
      </Space>
      <Table<Role>
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
