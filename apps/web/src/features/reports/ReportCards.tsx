// The reports shown on the dashboard (their "shown on dashboard" flag): one card each after the
// dashboard's charts, its title a link to the report's detail page, its chart drawn as there.
import type { Report } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourceRows } from '../../api/resource';
import { ListError, ListLoading } from '../../shell/lists/ListStates';
import { fetchReportData, reportDataKey, reports } from './api';

const ChartView = lazy(() => import('../charts/ChartView'));
const NO_AFFIX = { name_prefix: '', name_suffix: '' };

function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const data = useQuery({ queryKey: reportDataKey(report.id), queryFn: () => fetchReportData(report.id) });
  return (
    <Card
      size="small"
      title={<Link to={`/report/${report.id}/detail`}>{report.name}</Link>}
      extra={<Tag color="blue">{t(`dashboard:templates.${report.template}`)}</Tag>}
      data-testid="report-card"
    >
      {data.isError ? (
        <ListError error={data.error} retry={() => void data.refetch()} />
      ) : !data.data ? (
        <ListLoading />
      ) : data.data.subjects === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Suspense fallback={<ListLoading />}>
          <ChartView chart={{ name: report.name, ...NO_AFFIX }} data={data.data} description={report.name} />
        </Suspense>
      )}
    </Card>
  );
}

export function ReportCards() {
  const shown = useResourceRows(reports, { on_dashboard: 'true', order_by: 'name', order: 'asc' });
  if (shown.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {shown.map((report) => (
        <Col key={report.id} xs={24} md={12}>
          <ReportCard report={report} />
        </Col>
      ))}
    </Row>
  );
}
