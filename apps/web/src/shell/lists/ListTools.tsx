// The column chooser and the CSV/XLSX export above a list. The server makes the export
// (`<list>/export`, exportList.ts): every row the list's current filter shows (not just the page),
// in the list's order, with the columns shown, their headers and codes in the user's language.
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../api/listQuery';
import { type ExportedColumn, saveListExport } from './exportList';
import { choosable, codeWordsOf, type ListColumn } from './useColumnChoice';

export type ListToolsProps<T> = {
  columns: ListColumn<T>[];
  /** The keys of the columns the user hid (`useColumnChoice`). */
  hidden: string[];
  onChoose: (hidden: string[]) => void;
  /** The column chooser is offered (not where a phone shows each row in one cell). */
  choosing?: boolean;
  /** The list's export: its address, its current parameters, its rows shown and their total. */
  exporting?: { path: string; params: ListParams; rows: readonly T[]; total: number };
  /** The file name without extension (a date is added). */
  fileName: string;
};

/**
 * The columns the export writes: those shown that have a text, each where a row holds its value
 * (a column worked out of several fields, with no field of its own, is left out), with the words
 * of its codes as the column writes them.
 */
export function exportedColumns<T>(
  columns: ListColumn<T>[],
  hidden: string[],
  row: T | undefined,
): ExportedColumn[] {
  if (row === undefined) return [];
  return columns.flatMap((c) => {
    if (!c.exportValue || (!c.alwaysShown && hidden.includes(c.key))) return [];
    const path = c.exportField ?? (typeof c.dataIndex === 'string' ? c.dataIndex : c.key);
    const field = path.split('.')[0] ?? '';
    if (!Object.hasOwn(row as object, field)) return [];
    const labels = codeWordsOf(c, path, row);
    return [{ path, title: c.title, ...(labels ? { labels } : {}) }];
  });
}

export function ListTools<T>({
  columns,
  hidden,
  onChoose,
  choosing: offered = true,
  exporting,
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
    if (!exporting) return;
    const chosen = exportedColumns(columns, hidden, exporting.rows[0]);
    if (exporting.total === 0 || chosen.length === 0) {
      message.warning(t('lists.nothingToExport'));
      return;
    }
    setBusy(true);
    try {
      // The day in the user's zone, as the list shows it.
      const day = new Intl.DateTimeFormat('en-CA').format(new Date());
      await saveListExport(exporting.path, exporting.params, {
        format,
        columns: chosen,
        fileName: `${fileName}-${day}`,
      });
      message.success(t('lists.exported', { count: exporting.total }));
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
      {exporting && (
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
      )}
    </Space>
  );
}
