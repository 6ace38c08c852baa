// The fuel report (/fuel-management/report; query kind, start, end, vehicles): the spec's four
// kinds over a period that must be chosen, each unusual figure explained in words above a chart
// of litres per working hour and the table, which the server exports as CSV or XLSX as it does the
// lists (`/fuel/report/export`: the same report, its figures as numbers).
import { FUEL_REPORT_KINDS, type FuelReportKind, type FuelReportRow } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, List, Segmented, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveListExport } from '../../shell/lists/exportList';
import { PageCard } from '../../shell/PageCard';
import { fetchFuelReport, fetchFuelVehicles, fuelKeys, type ReportQuery, reportParams } from './api';
import { explainAnomaly, numberIn, subjectOf } from './explain';
import { VehicleSelect } from './VehicleSelect';

const ReportCharts = lazy(() => import('./ReportCharts'));

/** A column of the table: its key (the row's field the export writes), title and cell. */
type ReportColumn = {
  key: string;
  title: string;
  value: (row: FuelReportRow) => string | number | null;
  align?: 'right';
  /** The row's field the export writes, where it is not the key (the subject's name). */
  field?: string;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function queryOf(search: URLSearchParams): ReportQuery {
  const kind = search.get('kind') ?? '';
  const day = (name: string) => (DAY.test(search.get(name) ?? '') ? (search.get(name) as string) : '');
  return {
    kind: (FUEL_REPORT_KINDS as readonly string[]).includes(kind) ? (kind as FuelReportKind) : 'listings',
    start: day('start'),
    end: day('end'),
    vehicle_ids: (search.get('vehicles') ?? '').split(',').filter(Boolean),
  };
}

export function ReportPage() {
  const { t, i18n } = useTranslation('fuel');
  const { t: tv } = useTranslation('validation');
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const hasPeriod = query.start !== '' && query.end !== '';
  const vehicles = useQuery({ queryKey: fuelKeys.vehicles(), queryFn: fetchFuelVehicles });
  const report = useQuery({
    queryKey: fuelKeys.report(query),
    queryFn: () => fetchFuelReport(query),
    enabled: hasPeriod,
    placeholderData: keepPreviousData,
  });
  const navigate = (next: Partial<ReportQuery>) => {
    const q = { ...query, ...next };
    const params = new URLSearchParams({ kind: q.kind });
    if (q.start) params.set('start', q.start);
    if (q.end) params.set('end', q.end);
    if (q.vehicle_ids.length) params.set('vehicles', q.vehicle_ids.join(','));
    setSearch(params, { replace: true });
  };
  const number = numberIn(i18n.language);
  const figure = (v: number | null) => (v === null ? '' : number.format(v));
  const columns: ReportColumn[] = [
    {
      key: 'subject',
      title: t(`columns.subject.${query.kind}`),
      value: (r) => subjectOf(r, t),
      field: 'name',
    },
    ...(query.kind === 'listings'
      ? []
      : [
          {
            key: 'part',
            title: t('columns.part'),
            value: (r: FuelReportRow) =>
              r.subject === 'operator'
                ? t('subject.operator')
                : r.subject === 'group'
                  ? t('subject.group')
                  : r.part,
          },
        ]),
    { key: 'received_l', title: t('columns.received_l'), value: (r) => r.received_l, align: 'right' },
    {
      key: 'working_hours',
      title: t('columns.working_hours'),
      value: (r) => r.working_hours,
      align: 'right',
    },
    {
      key: 'consumption_l',
      title: t('columns.consumption_l'),
      value: (r) => r.consumption_l,
      align: 'right',
    },
    { key: 'l_per_h', title: t('columns.l_per_h'), value: (r) => r.l_per_h, align: 'right' },
    ...(query.kind === 'listings' || query.kind === 'details'
      ? [
          {
            key: 'hour_meter',
            title: t('columns.hour_meter'),
            value: (r: FuelReportRow) => r.hour_meter,
            align: 'right' as const,
          },
          {
            key: 'remaining_l',
            title: t('columns.remaining_l'),
            value: (r: FuelReportRow) => r.remaining_l,
            align: 'right' as const,
          },
        ]
      : []),
    ...(query.kind === 'details'
      ? [
          {
            key: 'anomaly',
            title: t('columns.anomaly'),
            value: (r: FuelReportRow) => (r.anomaly ? explainAnomaly(r.anomaly, t, i18n.language) : ''),
          },
        ]
      : []),
  ];
  const rows = report.data?.rows ?? [];
  const fileName = `${t('report.file')}-${query.kind}-${query.start}-${query.end}`;
  const exportAs = (format: 'csv' | 'xlsx') =>
    saveListExport('/fuel/report', reportParams(query), {
      format,
      fileName,
      columns: columns.map((c) => ({ path: c.field ?? c.key, title: c.title })),
    });

  return (
    <PageCard title={t('report.title')}>
      <Segmented
        value={query.kind}
        onChange={(kind) => navigate({ kind: kind as FuelReportKind })}
        options={FUEL_REPORT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
      />
      <Flex wrap gap={8} align="center">
        <DatePicker.RangePicker
          aria-label={t('period')}
          value={hasPeriod ? [dayjs(query.start), dayjs(query.end)] : null}
          status={hasPeriod ? undefined : 'warning'}
          onChange={(range) =>
            navigate({
              start: range?.[0]?.format('YYYY-MM-DD') ?? '',
              end: range?.[1]?.format('YYYY-MM-DD') ?? '',
            })
          }
        />
        <VehicleSelect<string[]>
          mode="multiple"
          allowClear
          vehicles={vehicles.data}
          label={t('vehicles')}
          style={{ minWidth: 260 }}
          placeholder={t('allVehicles')}
          value={query.vehicle_ids}
          onChange={(ids) => navigate({ vehicle_ids: ids })}
        />
        <Button disabled={rows.length === 0} onClick={() => exportAs('csv')}>
          {t('export.csv')}
        </Button>
        <Button disabled={rows.length === 0} onClick={() => exportAs('xlsx')}>
          {t('export.xlsx')}
        </Button>
      </Flex>
      {report.data && report.data.start !== query.start && (
        <Typography.Text type="secondary">
          {t('report.months', { start: report.data.start, end: report.data.end })}
        </Typography.Text>
      )}
      {!hasPeriod ? (
        <Alert type="info" showIcon title={tv('fuelPeriodRequired')} />
      ) : report.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('report.failed')}
          action={<Button onClick={() => report.refetch()}>{t('retry')}</Button>}
        />
      ) : !report.data ? (
        <Spin />
      ) : (
        <>
          {report.data.anomalies.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('anomaly.title', { count: report.data.anomalies.length })}
              description={
                <List
                  size="small"
                  data-testid="fuel-anomalies"
                  dataSource={report.data.anomalies}
                  renderItem={(a) => (
                    <List.Item>
                      {t('anomaly.line', { vehicle: a.vehicle_name, day: a.day })}:{' '}
                      {explainAnomaly(a, t, i18n.language)}
                    </List.Item>
                  )}
                />
              }
            />
          )}
          {rows.length === 0 ? (
            <Alert type="info" showIcon title={t('report.empty')} />
          ) : (
            <Suspense fallback={<Spin />}>
              <ReportCharts report={report.data} />
            </Suspense>
          )}
          <Table
            size="small"
            rowKey={(r) => `${r.subject}/${r.id}/${r.part}`}
            dataSource={rows}
            pagination={rows.length > 100 ? { pageSize: 100 } : false}
            scroll={{ x: true }}
            columns={columns.map((c) => ({
              key: c.key,
              title: c.title,
              align: c.align,
              render: (_: unknown, r: FuelReportRow) => {
                const v = c.value(r);
                return typeof v === 'number' ? figure(v) : v;
              },
            }))}
          />
        </>
      )}
    </PageCard>
  );
}
