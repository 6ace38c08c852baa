// The summary's figures as a table: one row per interval, a column per harsh-event type that
// occurred, and the period's totals underneath.
import type { DriveSummary, DriveSummaryBucket } from '@fleetlens/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { duration, intervalLabel, kilometres } from './format';

export type SummaryTableProps = { summary: DriveSummary };

export function SummaryTable({ summary }: SummaryTableProps) {
  const { t } = useTranslation('drive-summary');
  const types = Object.keys(summary.totals.events).sort();
  const figures = (f: DriveSummary['totals']) => [
    duration(f.operating_seconds),
    kilometres(f.distance_m),
    String(f.stops),
    String(f.event_count),
    ...types.map((type) => String(f.events[type] ?? 0)),
  ];
  const columns: TableColumnsType<DriveSummaryBucket> = [
    {
      key: 'interval',
      title: t(`interval.${summary.interval}`),
      render: (_, b) => intervalLabel(b.start, summary.interval),
      fixed: 'left',
    },
    {
      key: 'operating',
      title: t('columns.operating'),
      align: 'right',
      render: (_, b) => duration(b.operating_seconds),
    },
    {
      key: 'distance',
      title: t('columns.distance'),
      align: 'right',
      render: (_, b) => kilometres(b.distance_m),
    },
    { key: 'stops', title: t('columns.stops'), align: 'right', dataIndex: 'stops' },
    { key: 'events', title: t('columns.events'), align: 'right', dataIndex: 'event_count' },
    ...types.map((type) => ({
      key: type,
      title: t(`eventTypes.${type}`, { defaultValue: type }),
      align: 'right' as const,
      render: (_: unknown, b: DriveSummaryBucket) => b.events[type] ?? 0,
    })),
  ];
  return (
    <Table<DriveSummaryBucket>
      size="small"
      rowKey="start"
      columns={columns}
      dataSource={summary.buckets}
      pagination={false}
      scroll={{ x: 'max-content', y: 480 }}
      aria-label={t('table')}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
            {figures(summary.totals).map((value, i) => (
              <Table.Summary.Cell key={columns[i + 1]?.key ?? i} index={i + 1} align="right">
                {value}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
