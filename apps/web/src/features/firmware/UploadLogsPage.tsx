// /firmwares/upload-logs: every firmware upload, under way, done or failed, newest first.
import { FIRMWARE_UPLOAD_STATES, type Firmware } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { uploadLogs } from './api';
import { firmwareColumns } from './FirmwaresPage';
import { localTime } from './words';

const COLOURS = { uploading: 'processing', uploaded: 'success', failed: 'error' } as const;

export function UploadLogsPage() {
  const { t } = useTranslation('firmware');
  const list = useResourceList(uploadLogs, t, {
    name: 'firmwareUploads',
    sizes: false,
    new: false,
    words: 'uploads.',
  });
  const columns: ListColumn<Firmware>[] = [
    ...firmwareColumns(t),
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, f) => <Tag color={COLOURS[f.status]}>{t(`uploadStates.${f.status}`)}</Tag>,
      exportValue: (f) => t(`uploadStates.${f.status}`),
      codes: FIRMWARE_UPLOAD_STATES,
    },
    textColumn(t('fields.uploaded_by'), 'uploaded_by', (f) => f.uploaded_by?.name ?? '-'),
    textColumn(t('fields.created_at'), 'created_at', (f) => localTime(f.created_at), { sorter: true }),
  ];
  return (
    <ListPage
      list={list}
      columns={columns}
      filters={
        <ListFilter
          label={t('fields.status')}
          width={160}
          value={list.params.status}
          options={FIRMWARE_UPLOAD_STATES.map((s) => ({ value: s, label: t(`uploadStates.${s}`) }))}
          onChange={(status) => list.refine({ status })}
        />
      }
      phoneRow={(f) => `${f.file_name} · ${t(`uploadStates.${f.status}`)}`}
    />
  );
}
