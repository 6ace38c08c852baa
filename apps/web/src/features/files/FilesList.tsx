// The files of the user's companies (name, description, date, user), newest first; each opens
// its preview; those with the file-upload function add and edit them.
import { byteSize, type FileRecord, serverTimeToLocal } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { type FileListParams, fetchFiles, fileKeys, fileViewPath } from './api';

export function FilesList() {
  const { t } = useTranslation('files');
  const canOpen = useCanOpen();
  const { profile } = useAuth();
  const staff = !!profile && profile.sysRole !== 'user';
  const list = usePagedList<FileRecord, FileListParams>({
    key: fileKeys.list,
    fetch: fetchFiles,
    totalText: (total) => t('total', { count: total }),
  });
  const columns: ListColumn<FileRecord>[] = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      alwaysShown: true,
      long: true,
      render: (_, f) => <Link to={fileViewPath(f)}>{f.name}</Link>,
      exportValue: (f) => f.name,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      long: true,
      exportValue: (f) => f.description,
    },
    {
      title: t('fields.file_name'),
      dataIndex: 'file_name',
      key: 'file_name',
      long: true,
      exportValue: (f) => f.file_name,
    },
    {
      title: t('fields.size'),
      key: 'size',
      sorter: true,
      render: (_, f) => byteSize(f.size),
      exportValue: (f) => byteSize(f.size),
    },
    ...(staff
      ? [
          {
            title: t('fields.customer'),
            key: 'customer',
            render: (_: unknown, f: FileRecord) => f.customer.name,
            long: true,
            exportValue: (f: FileRecord) => f.customer.name,
          },
        ]
      : []),
    {
      title: t('fields.user'),
      key: 'user',
      render: (_, f) => f.user?.name ?? '-',
      exportValue: (f) => f.user?.name ?? '',
    },
    {
      title: t('fields.updated_at'),
      key: 'updated_at',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, f) => serverTimeToLocal(f.updated_at),
      exportValue: (f) => serverTimeToLocal(f.updated_at),
    },
    actionsColumn(t('actions.title'), (f) => (
      <>
        <Link to={fileViewPath(f)}>{t('actions.view')}</Link>
        {canOpen('fileEdit') && <Link to={`/files/edit?id=${f.id}`}>{t('actions.edit')}</Link>}
      </>
    )),
  ];
  return (
    <ListPage
      list={list}
      name="files"
      fileName="files"
      search={t('search')}
      empty={t('empty')}
      create={canOpen('fileNew') && { to: '/files/new', label: t('actions.new') }}
      columns={columns}
    />
  );
}
