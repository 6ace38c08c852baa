// /release-note/listings: the release notes, latest first, for everyone signed in; admins add
// and edit them. Files of the user's companies are listed on a second tab (the file screens'
// menu entry is this page), for companies with the file-upload function.
import { type ReleaseNote, recordAddress, releaseNoteResource } from '@fleetlens/contracts';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { FilesList } from '../files/FilesList';
import { releaseNotes } from './api';

function ReleaseNotesList() {
  const { t } = useTranslation('release-notes');
  const canOpen = useCanOpen();
  const list = useResourceList(releaseNotes, t, { file: false, sizes: false });
  const columns: ListColumn<ReleaseNote>[] = [
    { title: t('fields.version'), dataIndex: 'version', key: 'version', sorter: true },
    { title: t('fields.date'), dataIndex: 'date', key: 'date', sorter: true, width: 140 },
    {
      title: t('fields.note'),
      key: 'note',
      render: (_, n) => (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, minWidth: 240, maxWidth: 720 }}>
          {n.note}
        </Typography.Paragraph>
      ),
    },
    ...(canOpen(releaseNoteResource.pages.edit)
      ? [
          {
            title: t('actions.title'),
            key: 'actions',
            render: (_: unknown, n: ReleaseNote) => (
              <Link
                to={recordAddress(releaseNoteResource, 'edit', n.id)}
                aria-label={t('actions.editOf', { version: n.version })}
              >
                {t('actions.edit')}
              </Link>
            ),
          },
        ]
      : []),
  ];
  return <ListPage list={list} columns={columns} />;
}

export function ReleaseNotesPage() {
  const { t } = useTranslation('release-notes');
  const canOpen = useCanOpen();
  const [search, setSearch] = useSearchParams();
  if (!canOpen('fileNew')) return <ReleaseNotesList />;
  return (
    <Tabs
      activeKey={search.get('tab') === 'files' ? 'files' : 'notes'}
      onChange={(key) => setSearch(key === 'files' ? { tab: 'files' } : {}, { replace: true })}
      items={[
        { key: 'notes', label: t('tabs.notes'), children: <ReleaseNotesList /> },
        { key: 'files', label: t('tabs.files'), children: <FilesList /> },
      ]}
    />
  );
}
