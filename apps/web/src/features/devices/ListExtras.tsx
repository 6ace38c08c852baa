// Column choice and export for a list screen: which columns show (kept per list in the browser),
// and CSV / XLSX of every row the current filter shows (fetched whole, in the list's order).
import { App, Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, type ExportColumn } from './exportRows';

export type ListColumn<T> = ColumnType<T> & {
  key: string;
  title: string;
  /** The cell's value in an export; columns without one (actions) are not exported. */
  exportValue?: ExportColumn<T>['value'];
};

export function useColumnChoice<T>(listName: string, columns: ListColumn<T>[]) {
  const storageKey = `columns.${listName}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const choose = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return { visible: columns.filter((c) => !hidden.includes(c.key)), hidden, choose };
}

export type ListExtrasProps<T> = {
  columns: ListColumn<T>[];
  hidden: string[];
  onChoose: (hidden: string[]) => void;
  /** Every row the filter shows. */
  fetchAll: () => Promise<T[]>;
  fileName: string;
};

export function ListExtras<T>({ columns, hidden, onChoose, fetchAll, fileName }: ListExtrasProps<T>) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const choosable = columns.filter((c) => c.exportValue);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const rows = await fetchAll();
      const shown = choosable.filter((c) => !hidden.includes(c.key));
      download(
        format,
        fileName,
        shown.map((c) => ({ title: c.title, value: c.exportValue ?? (() => '') })),
        rows,
      );
      message.success(t('list.exported', { count: rows.length }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Popover
        trigger="click"
        placement="bottomRight"
        content={
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            value={choosable.map((c) => c.key).filter((k) => !hidden.includes(k))}
            options={choosable.map((c) => ({ value: c.key, label: c.title }))}
            onChange={(shown) => onChoose(choosable.map((c) => c.key).filter((k) => !shown.includes(k)))}
          />
        }
      >
        <Button>{t('list.columns')}</Button>
      </Popover>
      <Dropdown
        menu={{
          items: [
            { key: 'csv', label: t('list.csv') },
            { key: 'xlsx', label: t('list.xlsx') },
          ],
          onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
        }}
      >
        <Button loading={busy}>{t('list.export')}</Button>
      </Dropdown>
    </Space>
  );
}
