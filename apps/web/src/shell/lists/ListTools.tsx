// The column chooser and the CSV/XLSX export above a list. The export takes every row the
// list's current filter shows (not just the page), in the columns chosen, fetched from the
// server page by page.
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../api/listQuery';
import { download, type ExportColumn, toCsv, toXlsx } from './exportRows';

/** The server's largest page (contracts UNPAGED_PER_PAGE). */
const EXPORT_PAGE = 10_000;

export type ListToolsProps<T> = {
  /** The columns the user may choose among, in their order. */
  columns: { key: string; title: string }[];
  isShown: (key: string) => boolean;
  setShown: (key: string, shown: boolean) => void;
  /** The export's columns (the shown ones) and how to fetch a page of the filtered rows. */
  exportColumns: ExportColumn<T>[];
  fetchPage: (page: number, perPage: number) => Promise<ListAnswer<T>>;
  /** The file name without extension. */
  fileName: string;
};

export function ListTools<T>({
  columns,
  isShown,
  setShown,
  exportColumns,
  fetchPage,
  fileName,
}: ListToolsProps<T>) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function exportAs(format: 'csv' | 'xlsx') {
    setBusy(true);
    try {
      const rows: T[] = [];
      for (let page = 1; ; page++) {
        const answer = await fetchPage(page, EXPORT_PAGE);
        rows.push(...answer.list);
        if (rows.length >= answer.total || answer.list.length === 0) break;
      }
      if (rows.length === 0) {
        message.warning(t('lists.nothingToExport'));
        return;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv')
        download(toCsv(rows, exportColumns), `${fileName}-${stamp}.csv`, 'text/csv;charset=utf-8');
      else
        download(
          toXlsx(rows, exportColumns, fileName) as Uint8Array<ArrayBuffer>,
          `${fileName}-${stamp}.xlsx`,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
    } finally {
      setBusy(false);
    }
  }

  const chooser = (
    <Space direction="vertical" size={4}>
      {columns.map((c) => (
        <Checkbox key={c.key} checked={isShown(c.key)} onChange={(e) => setShown(c.key, e.target.checked)}>
          {c.title}
        </Checkbox>
      ))}
    </Space>
  );

  return (
    <Space wrap>
      <Popover content={chooser} title={t('lists.columns')} trigger="click" placement="bottomRight">
        <Button icon={<SettingOutlined />}>{t('lists.columns')}</Button>
      </Popover>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: t('lists.exportCsv') },
            { key: 'xlsx', label: t('lists.exportXlsx') },
          ],
          onClick: ({ key }) => void exportAs(key as 'csv' | 'xlsx'),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy}>
          {t('lists.export')}
        </Button>
      </Dropdown>
    </Space>
  );
}
