// The column chooser and the CSV/XLSX export above a list. The export takes every row the
// list's current filter shows (not just the page), in the list's order and the columns shown,
// fetched from the server page by page.
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../api/listQuery';
import { download, toCsv, toXlsx } from './exportRows';
import { choosable, type ListColumn } from './useColumnChoice';

/** The server's largest page (contracts UNPAGED_PER_PAGE). */
const EXPORT_PAGE = 10_000;

export type ListToolsProps<T> = {
  columns: ListColumn<T>[];
  /** The keys of the columns the user hid (`useColumnChoice`). */
  hidden: string[];
  onChoose: (hidden: string[]) => void;
  /** The column chooser is offered (not where a phone shows each row in one cell). */
  choosing?: boolean;
  /** A page of the rows the list's current filter shows, in its order. */
  fetchPage: (page: number, perPage: number) => Promise<ListAnswer<T>>;
  /** The file name without extension (a date is added). */
  fileName: string;
};

export function ListTools<T>({
  columns,
  hidden,
  onChoose,
  choosing: offered = true,
  fetchPage,
  fileName,
}: ListToolsProps<T>) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const chooserButton = useRef<HTMLButtonElement>(null);
  const chooserBox = useRef<HTMLFieldSetElement>(null);
  const options = choosable(columns);

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
      const exportColumns = columns.flatMap((c) =>
        c.exportValue && (c.alwaysShown || !hidden.includes(c.key))
          ? [{ title: c.title, value: c.exportValue }]
          : [],
      );
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv')
        download(toCsv(rows, exportColumns), `${fileName}-${stamp}.csv`, 'text/csv;charset=utf-8');
      else
        download(
          toXlsx(rows, exportColumns, fileName) as Uint8Array<ArrayBuffer>,
          `${fileName}-${stamp}.xlsx`,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      message.success(t('lists.exported', { count: rows.length }));
    } finally {
      setBusy(false);
    }
  }

  // The chooser opens at the end of the page: the keyboard is taken into it and, on Escape,
  // back to its button.
  const closeChooser = () => {
    setChoosing(false);
    chooserButton.current?.focus();
  };
  const chooser = (
    <fieldset
      ref={chooserBox}
      aria-label={t('lists.columns')}
      style={{ border: 0, margin: 0, padding: 0 }}
      onKeyDown={(e) => e.key === 'Escape' && closeChooser()}
    >
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        value={options.map((c) => c.key).filter((k) => !hidden.includes(k))}
        options={options.map((c) => ({ value: c.key, label: c.title }))}
        onChange={(shown) => onChoose(options.map((c) => c.key).filter((k) => !shown.includes(k)))}
      />
    </fieldset>
  );

  return (
    <Space wrap>
      {offered && (
        <Popover
          content={chooser}
          title={t('lists.columns')}
          trigger="click"
          placement="bottomRight"
          open={choosing}
          onOpenChange={setChoosing}
          afterOpenChange={(open) => open && chooserBox.current?.querySelector('input')?.focus()}
        >
          <Button ref={chooserButton} icon={<SettingOutlined />} aria-expanded={choosing}>
            {t('lists.columns')}
          </Button>
        </Popover>
      )}
      <Dropdown
        autoFocus
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
