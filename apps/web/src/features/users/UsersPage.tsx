// /users: the users of the companies the viewer may see, with e-mail filter and last sign-in.
import { DATE_FORMAT, type User } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useCanOpen } from '../../routes/useCanOpen';
import { fetchUsers, userKeys } from './api';

const PAGE_SIZE = 20;

export function UsersPage() {
  const { t } = useTranslation('users');
  const canOpen = useCanOpen();
  const [params, setParams] = useState<ListParams & { email?: string }>({ page: 1, perPage: PAGE_SIZE });
  const { data, isFetching } = useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => fetchUsers(params),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<User> = [
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.name'), key: 'name', render: (_, u) => `${u.first_name} ${u.last_name}` },
    { title: t('fields.email'), dataIndex: 'email', key: 'email' },
    { title: t('fields.customer'), key: 'customer', render: (_, u) => u.customer.name },
    { title: t('fields.sys_role'), key: 'sys_role', render: (_, u) => t(`sysRoles.${u.sys_role}`) },
    { title: t('fields.role'), key: 'role', render: (_, u) => u.role?.name ?? '' },
    {
      title: t('fields.last_login_at'),
      key: 'last_login_at',
      render: (_, u) => (u.last_login_at ? dayjs(u.last_login_at).format(DATE_FORMAT) : ''),
    },
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, u) => u.locked && <Tag color="red">{t('locked')}</Tag>,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => (
        <Space size="small">
          <Link to={`/users/${u.id}/edit`}>{t('actions.edit')}</Link>
          {canOpen('userLoginDevice') && (
            <Link to={`/users/${u.id}/login-device`}>{t('actions.devices')}</Link>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(filter) => setParams((p) => ({ ...p, filter, page: 1 }))}
            style={{ width: 280 }}
          />
          <Input.Search
            allowClear
            placeholder={t('emailFilter')}
            aria-label={t('emailFilter')}
            onSearch={(email) => setParams((p) => ({ ...p, email, page: 1 }))}
            style={{ width: 240 }}
          />
        </Space>
        {canOpen('userNew') && (
          <Link to="/users/new">
            <Button type="primary">{t('actions.new')}</Button>
          </Link>
        )}
      </Space>
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        onChange={(p: TablePaginationConfig) =>
          setParams((old) => ({ ...old, page: p.current ?? 1, perPage: p.pageSize ?? PAGE_SIZE }))
        }
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
