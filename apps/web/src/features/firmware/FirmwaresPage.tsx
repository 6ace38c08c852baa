// /firmwares: the uploaded firmware files (file name, device type, version, build date, latest,
// registration date), newest first; each opens its information, from which it is scheduled.
import { byteSize, DEVICE_TYPES, type Firmware } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { type ListColumn, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { firmwares } from './api';
import { localTime } from './words';

export function firmwareColumns(t: (key: string) => string): ListColumn<Firmware>[] {
  return [
    textColumn(t('fields.file_name'), 'file_name', (f) => f.file_name, {
      sorter: true,
      alwaysShown: true,
      long: true,
      render: (_, f) => <Link to={`/firmwares/${f.id}/info`}>{f.file_name}</Link>,
    }),
    textColumn(t('fields.device_type'), 'device_type', (f) => f.device_type, { sorter: true }),
    textColumn(t('fields.version'), 'version', (f) => String(f.version), { sorter: true }),
    textColumn(t('fields.build_date'), 'build_date', (f) => f.build_date),
    {
      title: t('fields.latest'),
      key: 'latest',
      render: (_, f) => (f.latest ? <Tag color="green">{t('latest')}</Tag> : null),
      exportValue: (f) => (f.latest ? t('latest') : ''),
      codes: SWITCH_CODES,
    },
    textColumn(t('fields.size'), 'size', (f) => (f.size === null ? '-' : byteSize(f.size))),
    textColumn(t('fields.description'), 'description', (f) => f.description, { long: true }),
    textColumn(t('fields.registered_at'), 'registered_at', (f) => localTime(f.registered_at), {
      sorter: true,
    }),
  ];
}

export function FirmwaresPage() {
  const { t } = useTranslation('firmware');
  const list = useResourceList(firmwares, t, { name: 'firmwares', sizes: false, new: false });
  return (
    <ListPage
      list={list}
      columns={firmwareColumns(t)}
      create={{ to: '/firmwares/new/upload', label: t('actions.upload') }}
      filters={
        <ListFilter
          label={t('fields.device_type')}
          width={160}
          value={list.params.device_type}
          options={DEVICE_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(device_type) => list.refine({ device_type })}
        />
      }
      phoneRow={(f) => (
        <Link to={`/firmwares/${f.id}/info`}>
          {f.file_name} · {f.device_type} {f.version}
        </Link>
      )}
    />
  );
}
