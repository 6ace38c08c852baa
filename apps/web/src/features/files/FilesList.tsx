// The files of the user's companies (name, description, date, user), newest first; each opens
// its preview; those with the file-upload function add and edit them.
import { byteSize, type FileRecord } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { customerColumn, descriptionColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { files, fileViewPath } from './api';

export function FilesList() {
  const { t } = useTranslation('files');
  const { profile } = useAuth();
  const staff = !!profile && profile.sysRole !== 'user';
  const list = useResourceList(files, t, { new: 'fileNew', sizes: false });
  const columns: ListColumn<FileRecord>[] = [
    textColumn(t('fields.name'), 'name', (f) => f.name, {
      sorter: true,
      alwaysShown: true,
      long: true,
      render: (_, f) => <Link to={fileViewPath(f)}>{f.name}</Link>,
    }),
    descriptionColumn(t('fields.description')),
    textColumn(t('fields.file_name'), 'file_name', (f) => f.file_name, { long: true }),
    textColumn(t('fields.size'), 'size', (f) => byteSize(f.size), { sorter: true }),
    ...(staff ? [customerColumn<FileRecord>(t('fields.customer'), false)] : []),
    {
      title: t('fields.user'),
      key: 'user',
      render: (_, f) => f.user?.name ?? '-',
      exportValue: (f) => f.user?.name ?? '',
    },
    { ...updatedColumn<FileRecord>(t('fields.updated_at')), defaultSortOrder: 'descend' },
    useEditDeleteColumn<FileRecord>(t, {
      more: (f) => <Link to={fileViewPath(f)}>{t('actions.view')}</Link>,
      edit: ['fileEdit', (f) => `/files/edit?id=${f.id}`],
    }),
  ];
  return <ListPage list={list} columns={columns} />;
}
