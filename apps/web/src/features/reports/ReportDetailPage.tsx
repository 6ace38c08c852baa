// /report/:id/detail: a report as its reader reads it: its period, author and last change, the
// spec's notice when it names objects the reader cannot see (the rest shown), its chart and its
// table, and the files to download: PDF (drawn on the server in the user's language), CSV, XLSX.
import { REPORT_FORMATS, type ReportFormat, serverTimeToLocal } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListLoading } from '../../shell/lists/ListStates';
import { QueryState } from '../../shell/QueryState';
import { downloadReport, fetchReport, fetchReportData, reportDataKey, reportKeys } from './api';
import { ReportTable } from './ReportTable';

const ChartView = lazy(() => import('../charts/ChartView'));
const NO_AFFIX = { name_prefix: '', name_suffix: '' };

export function ReportDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('reports');
  const canOpen = useCanOpen();
  const report = useQuery({ queryKey: reportKeys.one(id), queryFn: () => fetchReport(id) });
  const data = useQuery({ queryKey: reportDataKey(id), queryFn: () => fetchReportData(id) });
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  if (!report.data || !data.data) return <QueryState query={[report, data]} back="/report/listings" record />;
  const r = report.data;
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadReport(r, format);
    } catch {
      // The client showed the server's message ("Failed to create the PDF file.").
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
            {r.name}
          </Typography.Title>
        }
      >
        {/* Under the name, not beside it: beside it the buttons took a phone's whole width and hid the name. */}
        <Space wrap style={{ marginBottom: 12 }}>
          {REPORT_FORMATS.map((format) => (
            <Button
              key={format}
              type={format === 'pdf' ? 'primary' : 'default'}
              loading={busy === format}
              onClick={() => download(format)}
            >
              {t(`download.${format}`)}
            </Button>
          ))}
          {canOpen('reportEdit') && <Button href={`#/report/${r.id}/edit`}>{t('actions.edit')}</Button>}
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('fields.template')}>
            {t(`dashboard:templates.${r.template}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.period')}>
            {t(`report:periods.${r.period}`)}
            {r.period === 'range' ? ` (${r.range_start} – ${r.range_end})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.author')}>{r.author.name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.updated_at')}>
            {serverTimeToLocal(r.updated_at)}
          </Descriptions.Item>
        </Descriptions>
        {r.hidden > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            message={t('report:hidden', { count: r.hidden })}
          />
        )}
      </Card>
      <Card>
        <Suspense fallback={<ListLoading />}>
          <ChartView chart={{ name: r.name, ...NO_AFFIX }} data={data.data} description={r.name} />
        </Suspense>
        <ReportTable data={data.data} />
      </Card>
    </Space>
  );
}
