// Fuel results from a CSV file: the file is checked first (a dry run on the server, nothing
// saved) and every refused line is listed by its number with its reason; only a file with no bad
// line can then be saved, whole, in one go.
import { FUEL_CSV_MAX_BYTES, type FuelSaved } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, List, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../shell/PageCard';
import { fuelKeys, refusedFields, uploadFuelCsv } from './api';

type Refusal = { line: number; field: string; message: string };

/** lines.<n>.<field> → the line's number, the column, the message, in line order. */
const refusalsOf = (error: unknown): Refusal[] =>
  Object.entries(refusedFields(error))
    .map(([path, message]) => {
      if (!path.startsWith('lines.')) return { line: 0, field: 'file', message };
      const [, line = '0', field = ''] = path.split('.');
      return { line: Number(line), field, message };
    })
    .sort((a, b) => a.line - b.line);

export function CsvUpload() {
  const { t } = useTranslation('fuel');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File>();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState<FuelSaved>();
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [fileMessage, setFileMessage] = useState<string>();
  const send = useMutation({
    mutationFn: (dryRun: boolean) => uploadFuelCsv(file as File, { dryRun, reason }),
    onMutate: () => {
      setRefusals([]);
      setFileMessage(undefined);
    },
    onSuccess: async (answer) => {
      if (answer.dry_run) {
        setChecked(answer);
        return;
      }
      message.success(t('saved', { count: answer.saved }));
      setChecked(undefined);
      setFile(undefined);
      await client.invalidateQueries({ queryKey: fuelKeys.all });
    },
    onError: (error) => {
      setChecked(undefined);
      const found = refusalsOf(error);
      const whole = found.find((r) => r.field === 'file' && r.line === 0);
      if (whole || found.length === 0) setFileMessage(whole?.message ?? (error as Error).message);
      setRefusals(found.filter((r) => r !== whole));
    },
  });
  const column = (field: string) =>
    ['line', 'header', 'file'].includes(field) ? '' : t(`csv.column.${field}`, field);

  return (
    <PageCard title={t('csv.title')}>
      <Typography.Text type="secondary">{t('csv.format')}</Typography.Text>
      <Typography.Text code>vehicle,date,received_l,hour_meter,remaining_l</Typography.Text>
      <Flex wrap gap={8} align="center">
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setChecked(undefined);
            setRefusals([]);
            setFileMessage(chosen.size > FUEL_CSV_MAX_BYTES ? t('csv.tooLarge') : undefined);
            return false;
          }}
        >
          <Button>{t('csv.choose')}</Button>
        </Upload>
        {file && <Typography.Text data-testid="fuel-csv-name">{file.name}</Typography.Text>}
        <Input
          style={{ maxWidth: 320 }}
          aria-label={t('reason')}
          placeholder={t('csv.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          disabled={!file}
          loading={send.isPending && send.variables === true}
          onClick={() => send.mutate(true)}
        >
          {t('csv.check')}
        </Button>
        <Button
          type="primary"
          disabled={!file || !checked}
          loading={send.isPending && send.variables === false}
          onClick={() => send.mutate(false)}
        >
          {t('csv.save')}
        </Button>
      </Flex>
      {fileMessage && <Alert type="error" showIcon title={fileMessage} />}
      {checked && (
        <Alert
          type="success"
          showIcon
          title={t('csv.checked', { count: checked.saved, unchanged: checked.unchanged })}
        />
      )}
      {refusals.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('csv.refused', { count: new Set(refusals.map((r) => r.line)).size })}
          description={
            <List
              size="small"
              data-testid="fuel-csv-refusals"
              dataSource={refusals}
              renderItem={(r) => (
                <List.Item>
                  {t('csv.line', { line: r.line })}
                  {column(r.field) && ` · ${column(r.field)}`}: {r.message}
                </List.Item>
              )}
            />
          }
        />
      )}
    </PageCard>
  );
}
