// /firmwares/update-logs: every rollout, newest first, with its totals and finished counts.
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shell/lists/ListPage';
import { useResourceList } from '../../shell/lists/useResourceList';
import { rollouts } from './api';
import { rolloutColumns } from './RolloutsTable';

export function UpdateLogsPage() {
  const { t } = useTranslation('firmware');
  const list = useResourceList(rollouts, t, {
    name: 'firmwareRollouts',
    sizes: false,
    new: false,
    words: 'updates.',
    search: false,
  });
  return (
    <ListPage
      list={list}
      columns={rolloutColumns(t)}
      phoneRow={(r) =>
        `${r.firmware.file_name} · ${r.customer.name} · ${r.finished_devices}/${r.total_devices}`
      }
    />
  );
}
