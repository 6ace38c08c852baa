// The files of the user's companies (name, description, date, user), newest first; each opens
// its preview; those with the file-upload function add and edit them.
import { byteSize, type FileRecord, serverTimeToLocal } from '@fleetlens/contracts';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { fetchFiles, fileKeys, fileViewPath } from './api';

export function FilesList() {
  const { t } = useTranslation('files');
  const canOpen = useCanOpen();
  const { profile } = useAuth();
  const staff = !!profile && profile.sysRole !== 'user';
  const list = usePagedList<FileRecord>({
    key: fileKeys.list,
    fetch: fetchFiles,
    totalText: (total) => t('total', { count: total }),
  });
  const columns: ColumnsType<FileRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_, f) => <Link to={fileViewPath(f)}>{f.name}</Link>,
    },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    { title: t('fields.file_name'), dataIndex: 'file_name', key: 'file_name' },
    { title: t('fields.size'), key: 'size', sorter: true, render: (_, f) => byteSize(f.size) },
    ...(staff
      ? [
          {
            title: t('fields.customer'),
            key: 'customer',
            render: (_: unknown, f: FileRecord) => f.customer.name,
          },
        ]
      : []),
    { title: t('fields.user'), key: 'user', render: (_, f) => f.user?.name ?? '-' },
    {
      title: t('fields.updated_at'),
      key: 'updated_at',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, f) => serverTimeToLocal(f.updated_at),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      render: (_, f) => (
        <Space size="small">
          <Link to={fileViewPath(f)}>{t('actions.view')}</Link>
          {canOpen('fileEdit') && <Link to={`/files/edit?id=${f.id}`}>{t('actions.edit')}</Link>}
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('fileNew') && { to: '/files/new', label: t('actions.new') }}
      />
      <Table<FileRecord> {...list.tableProps} columns={columns} />
    </Space>
  );
}
