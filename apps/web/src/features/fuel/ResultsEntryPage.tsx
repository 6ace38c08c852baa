// Fuel results entry (/fuel-management/results-entry): a vehicle and a week are chosen, its days
// filled in a grid as the clerk reads them off the vehicle's log (a row a day), checked as typed,
// and saved all together or not at all; a change of a stored day asks why. Below, a CSV file of
// many vehicles' readings goes in the same way (CsvUpload).
import { type FuelResult, localDateOf, mondayOf } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Flex, Input, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../shell/PageCard';
import { QueryState } from '../../shell/QueryState';
import { fetchFuelResults, fetchFuelVehicles, fuelKeys, refusedFields, saveFuelResults } from './api';
import { CsvUpload } from './CsvUpload';
import { FuelGrid } from './FuelGrid';
import { cellKey, checkGrid, FIELDS, type Field, type RowText, textOf, weekOf } from './grid';
import { VehicleSelect } from './VehicleSelect';

export function ResultsEntryPage() {
  const { t } = useTranslation('fuel');
  const { t: tv } = useTranslation('validation');
  const { message } = App.useApp();
  const client = useQueryClient();
  const vehicles = useQuery({ queryKey: fuelKeys.vehicles(), queryFn: fetchFuelVehicles });
  // The vehicle and the week live in the address (vehicle, week: its Monday), to come back to.
  const [search, setSearch] = useSearchParams();
  const vehicleId = search.get('vehicle') || undefined;
  const week = search.get('week') ?? '';
  const monday = /^\d{4}-\d{2}-\d{2}$/.test(week)
    ? mondayOf(week)
    : mondayOf(localDateOf(Date.now(), -new Date().getTimezoneOffset()));
  const choose = (next: { vehicle?: string; week?: string }) =>
    setSearch(new URLSearchParams({ vehicle: next.vehicle ?? vehicleId ?? '', week: next.week ?? monday }), {
      replace: true,
    });
  const days = useMemo(() => weekOf(monday), [monday]);
  const start = days[0] ?? monday;
  const end = days[6] ?? monday;
  const results = useQuery({
    queryKey: fuelKeys.results(vehicleId ?? '', start, end),
    queryFn: () => fetchFuelResults(vehicleId ?? '', start, end),
    enabled: !!vehicleId,
  });
  const [texts, setTexts] = useState<Record<string, RowText>>({});
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<Record<string, string>>({});
  const data = results.data;
  const stored = useMemo(
    () => Object.fromEntries((data?.results ?? []).map((r) => [r.day, r])) as Record<string, FuelResult>,
    [data],
  );
  useEffect(() => {
    setTexts(Object.fromEntries(days.map((day) => [day, textOf(stored[day])])));
    setRefused({});
    setReason('');
  }, [days, stored]);

  const check = checkGrid({
    vehicleId: vehicleId ?? '',
    days,
    texts,
    stored,
    before: data?.before ?? null,
    after: data?.after ?? null,
    capacity: data?.vehicle.capacity_l ?? null,
  });
  const save = useMutation({
    mutationFn: () => saveFuelResults({ entries: check.entries, reason }),
    onSuccess: async (saved) => {
      message.success(t('saved', { count: saved.saved }));
      await client.invalidateQueries({ queryKey: fuelKeys.all });
    },
    onError: (error) => {
      // entries.<i>.<field> → the cell of that entry's day; entries.<i>.reason → the reason.
      const byCell: Record<string, string> = {};
      for (const [field, text] of Object.entries(refusedFields(error))) {
        const [, index, name] = field.split('.');
        const entry = check.entries[Number(index)];
        if (name === 'reason') byCell.reason = text;
        else if (entry && FIELDS.includes(name as Field)) byCell[cellKey(entry.day, name as Field)] = text;
        else byCell.form = text;
      }
      setRefused(byCell);
    },
  });
  const onChange = (day: string, field: Field, text: string) => {
    setTexts((all) => ({ ...all, [day]: { ...(all[day] ?? textOf(undefined)), [field]: text } }));
    setRefused(({ [cellKey(day, field)]: _, ...rest }) => rest);
  };
  const blocked = Object.keys(check.issues).length > 0;
  const needsReason = check.corrects && reason.trim() === '';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageCard title={t('entry.title')}>
        <Flex wrap gap={8} align="center">
          <VehicleSelect<string>
            vehicles={vehicles.data}
            label={t('vehicle')}
            style={{ minWidth: 240 }}
            placeholder={t('vehicle')}
            loading={vehicles.isLoading}
            value={vehicleId}
            onChange={(vehicle: string) => choose({ vehicle })}
          />
          <DatePicker
            picker="week"
            allowClear={false}
            aria-label={t('week')}
            value={dayjs(monday)}
            onChange={(value) => value && choose({ week: mondayOf(value.format('YYYY-MM-DD')) })}
          />
          {data?.vehicle.capacity_l != null && (
            <Typography.Text type="secondary">
              {t('capacity', { litres: data.vehicle.capacity_l })}
            </Typography.Text>
          )}
        </Flex>
        {!vehicleId ? (
          <Alert type="info" showIcon title={t('entry.chooseVehicle')} />
        ) : !data ? (
          <QueryState query={results} />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('entry.keys')}</Typography.Text>
            <FuelGrid
              days={days}
              texts={texts}
              before={data?.before ?? null}
              issues={check.issues}
              refused={refused}
              onChange={onChange}
            />
            {check.corrects && (
              <Flex vertical gap={4}>
                <Input
                  aria-label={t('reason')}
                  placeholder={t('reason')}
                  value={reason}
                  status={refused.reason || needsReason ? 'error' : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
                <Typography.Text type={needsReason ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                  {refused.reason ?? tv('fuelReasonRequired')}
                </Typography.Text>
              </Flex>
            )}
            {refused.form && <Alert type="error" showIcon title={refused.form} />}
            <Flex gap={8} align="center">
              <Button
                type="primary"
                disabled={check.entries.length === 0 || blocked || needsReason}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                {t('entry.save')}
              </Button>
              <Typography.Text type="secondary">
                {blocked ? t('entry.fix') : t('entry.toSave', { count: check.entries.length })}
              </Typography.Text>
            </Flex>
          </Space>
        )}
      </PageCard>
      <CsvUpload />
    </Space>
  );
}
