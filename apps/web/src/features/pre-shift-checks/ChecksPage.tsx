// /pre-shift-checks: the checks operators answered, newest first: when, which vehicle, who, the
// result and the items that failed with the operator's notes. Filtered by company, result and days;
// a vehicle's page opens it for that vehicle (?vehicle_id=).
import { CHECK_RESULTS, type Check, recordAddress, vehicleResource } from '@fleetlens/contracts';
import { Button, DatePicker, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { checks } from './api';
import { CheckPhoto } from './CheckPhoto';

const failedItems = (c: Check) =>
  c.items
    .filter((i) => !i.passed)
    .map((i) => (i.note ? `${i.text} (${i.note})` : i.text))
    .join('; ');

/** The check's result in one word: passed, failed, or failed on a critical item. */
export const resultOf = (c: Check): (typeof CHECK_RESULTS)[number] =>
  c.critical_failed ? 'critical' : c.passed ? 'passed' : 'failed';
const RESULT_COLORS = { passed: 'success', failed: 'warning', critical: 'error' } as const;

export function ChecksPage() {
  const { t } = useTranslation('pre-shift-checks');
  const canOpen = useCanOpen();
  const [params, setParams] = useSearchParams();
  const vehicleId = params.get('vehicle_id') ?? undefined;
  const list = useResourceList(checks, t, {
    words: 'checks.',
    search: false,
    new: false,
    initial: vehicleId ? { vehicle_id: vehicleId } : {},
  });
  const day = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');
  const columns: ListColumn<Check>[] = [
    textColumn(t('fields.done_at'), 'done_at', (c) => localTime(c.done_at), { sorter: true }),
    {
      ...textColumn(t('fields.vehicle'), 'vehicle', (c: Check) => c.vehicle.name, { sorter: true }),
      render: (_, c) =>
        canOpen(vehicleResource.pages.detail) ? (
          <Link to={recordAddress(vehicleResource, 'detail', c.vehicle.id)}>{c.vehicle.name}</Link>
        ) : (
          c.vehicle.name
        ),
    },
    textColumn(t('fields.operator'), 'operator', (c) => c.operator.name, { sorter: true }),
    {
      ...textColumn(t('fields.result'), 'result', (c: Check) => t(`results.${resultOf(c)}`)),
      render: (_, c) => (
        <Tag color={RESULT_COLORS[resultOf(c)]} data-testid="check-result-tag">
          {t(`results.${resultOf(c)}`)}
        </Tag>
      ),
    },
    textColumn(t('fields.failed'), 'failed', failedItems),
    {
      ...textColumn(t('checks.photo'), 'photo', (c: Check) => (c.has_photo ? t('checks.photo') : '')),
      render: (_, c) => <CheckPhoto check={c} />,
    },
    textColumn(t('fields.customer'), 'customer', (c) => c.customer.name),
  ];
  const filters = (
    <Space wrap>
      <CustomerFilter list={list} />
      <Select
        allowClear
        aria-label={t('fields.result')}
        placeholder={t('fields.result')}
        style={{ minWidth: 160 }}
        options={CHECK_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))}
        onChange={(result) => list.refine({ result })}
      />
      <DatePicker.RangePicker
        aria-label={t('fields.days')}
        placeholder={[t('fields.from'), t('fields.to')]}
        onChange={(range) => list.refine({ from: day(range?.[0]), to: day(range?.[1]) })}
      />
      {vehicleId && (
        <Space>
          <Typography.Text type="secondary">{t('checks.oneVehicle')}</Typography.Text>
          <Button
            size="small"
            onClick={() => {
              setParams({});
              list.refine({ vehicle_id: undefined });
            }}
          >
            {t('checks.allVehicles')}
          </Button>
        </Space>
      )}
    </Space>
  );
  return <ListPage list={list} filters={filters} columns={columns} />;
}
