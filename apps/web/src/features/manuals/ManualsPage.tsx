// /manuals (admin, support): the versions of the user manual, latest first — the latest is the
// one the user menu offers. Admins upload a new version (a PDF with its version).
import { DownloadOutlined } from '@ant-design/icons';
import { byteSize, type Manual, serverTimeToLocal } from '@fleetlens/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/context';
import { ListTable } from '../../shell/lists/ListTable';
import { ActionButton, actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { manuals } from './api';
import { useManualDownload } from './download';
import { UploadManual } from './UploadManual';

export function ManualsPage() {
  const { t } = useTranslation('manuals');
  const { profile } = useAuth();
  const download = useManualDownload();
  const list = useResourceList(manuals, t, { sizes: false });
  const columns: ListColumn<Manual>[] = [
    { title: t('fields.version'), dataIndex: 'version', key: 'version', exportValue: (m) => m.version },
    {
      title: t('fields.file_name'),
      dataIndex: 'file_name',
      key: 'file_name',
      long: true,
      exportValue: (m) => m.file_name,
    },
    { title: t('fields.size'), key: 'size', render: (_, m) => byteSize(m.size) },
    { title: t('fields.created_by'), key: 'created_by', render: (_, m) => m.created_by ?? '-' },
    { title: t('fields.created_at'), key: 'created_at', render: (_, m) => serverTimeToLocal(m.created_at) },
    actionsColumn(t('actions.title'), (m) => (
      <ActionButton onClick={() => void download(m.id)}>
        <DownloadOutlined /> {t('actions.download')}
      </ActionButton>
    )),
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {profile?.sysRole === 'admin' && <UploadManual />}
      <ListTable<Manual>
        {...list.tableProps}
        state={list.state}
        // The upload above is the action that fills the list.
        empty={{ title: list.page.empty }}
        columns={columns}
      />
    </Space>
  );
}
