// A report's figures as the table under its chart: the rows the PDF, CSV and XLSX carry too (the
// server's table.ts), drawn here from the same figures.
import type { ReportData } from '@fleetlens/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { intervalLabel } from '../drive-summary/format';

type Row = { key: string; first: string; values: (number | null)[] };

export function ReportTable({ data }: { data: ReportData }) {
  const { t } = useTranslation('report');
  const many = data.series.length > 1;
  const firstTitle = data.axis === 'state' ? t('state') : data.axis === 'subject' ? t('subject') : t('time');
  const rows: Row[] = data.categories.map((category, i) => ({
    key: `${i}`,
    first:
      data.axis === 'state'
        ? t(`states.${category}`)
        : data.axis === 'subject'
          ? category
          : intervalLabel(category, data.axis === 'hour' ? 'hour' : 'day'),
    values: data.series.map((s) => s.values[i] ?? null),
  }));
  const columns = [
    { title: firstTitle, key: 'first', dataIndex: 'first' },
    ...data.series.map((s, j) => ({
      title: many || s.key !== 'value' ? t(`types.${s.key}`) : t(`units.${data.unit}`),
      key: s.key,
      align: 'right' as const,
      render: (_: unknown, row: Row) => row.values[j] ?? '—',
    })),
  ];
  return <Table<Row> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={false} />;
}
