// The dashboard (/virtualization, the console's home page): the user's charts in a grid whose
// widths (extra large … extra small) are shares of a row on a wide screen, and a whole row on a
// phone. Charts move by native drag and drop (their title is the handle) or, from the keyboard,
// by Move earlier / Move later in their menu; realtime charts follow the live channel.
import { ACTION_ROLES, type Chart, type ChartWidth } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Flex, Result, Row, Space, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { QueryState } from '../../shell/QueryState';
import { UncheckedCard } from '../pre-shift-checks/UncheckedCard';
import { ReportCards } from '../reports/ReportCards';
import { chartKeys, fetchDashboard, removeChart, setDashboardOrder, updateChart } from './api';
import { ChartCard, type ChartMove } from './ChartCard';
import { ChartDialog } from './ChartDialog';
import { chartName } from './chartName';
import { PeriodDialog } from './PeriodDialog';
import { useRealtimeCharts } from './useRealtimeCharts';

/** A width's share of the 24-column row from a medium screen up (a phone stacks every chart). */
const SPANS: Record<ChartWidth, { md: number; xl: number }> = {
  xl: { md: 24, xl: 24 },
  lg: { md: 24, xl: 16 },
  md: { md: 12, xl: 12 },
  sm: { md: 12, xl: 8 },
  xs: { md: 12, xl: 6 },
};

/** The ids with the one at `from` moved to `to`. */
const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
};

const bodyOf = ({ id, customer, owner, position, created_at, updated_at, ...body }: Chart) => body;

export function ChartsPage() {
  const { t } = useTranslation('charts');
  const may = useMay();
  const mayView = may(...ACTION_ROLES.chartView);
  if (!mayView) return <Result status="info" title={t('title')} subTitle={t('noAccess')} />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation('charts');
  const { message, modal } = App.useApp();
  const may = useMay();
  const canOpen = useCanOpen();
  const queryClient = useQueryClient();
  const dashboard = useQuery({ queryKey: chartKeys.dashboard, queryFn: fetchDashboard });
  const charts = dashboard.data?.list ?? [];
  useRealtimeCharts(charts);
  const [editing, setEditing] = useState<Chart | null | undefined>(undefined);
  const [batch, setBatch] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const mayAdd = may(...ACTION_ROLES.chartAdd);
  const mayEdit = may(...ACTION_ROLES.chartEdit);
  const mayDelete = may(...ACTION_ROLES.chartDelete);

  const refresh = () => queryClient.invalidateQueries({ queryKey: chartKeys.dashboard });
  const order = useMutation({
    mutationFn: (ids: string[]) => setDashboardOrder({ ids }),
    onMutate: (ids) => {
      // The new order shows at once; the server's answer (or a refetch on refusal) settles it.
      const byId = new Map(charts.map((c) => [c.id, c]));
      queryClient.setQueryData(chartKeys.dashboard, {
        list: ids.map((id) => byId.get(id)).filter((c): c is Chart => !!c),
      });
    },
    onSuccess: (answer) => queryClient.setQueryData(chartKeys.dashboard, answer),
    onError: () => void refresh(),
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= charts.length || from === to) return;
    const ids = moved(
      charts.map((c) => c.id),
      from,
      to,
    );
    order.mutate(ids);
    const chart = charts[from];
    if (chart) message.info(t('moved', { name: chartName(chart, t), place: to + 1 }));
  };
  const resize = async (chart: Chart, width: ChartWidth) => {
    await updateChart(chart.id, { ...bodyOf(chart), width });
    await refresh();
  };
  const remove = (chart: Chart) =>
    modal.confirm({
      title: t('deleteConfirm', { name: chartName(chart, t) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await removeChart(chart.id);
        message.success(t('deleted'));
        await queryClient.invalidateQueries({ queryKey: chartKeys.all });
      },
    });
  const dropOn = (target: number) => (event: DragEvent) => {
    event.preventDefault();
    // The dragged chart's id travels with the drag; the state is the fallback of a browser that drops it.
    const id = event.dataTransfer.getData('text/plain') || dragged;
    const from = charts.findIndex((c) => c.id === id);
    setDragged(null);
    if (from >= 0) move(from, target);
  };

  if (!dashboard.data) return <QueryState query={dashboard} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap={8} align="center" justify="space-between">
        {mayEdit ? <Typography.Text type="secondary">{t('dragHint')}</Typography.Text> : <span />}
        <Space wrap>
          {mayEdit && <Button onClick={() => setBatch(true)}>{t('batchPeriod')}</Button>}
          {mayAdd && (
            <Button type="primary" onClick={() => setEditing(null)}>
              {t('add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        {charts.map((chart, i) => (
          <Col
            key={chart.id}
            xs={24}
            {...SPANS[chart.width]}
            onDragOver={mayEdit ? (event) => event.preventDefault() : undefined}
            onDrop={mayEdit ? dropOn(i) : undefined}
            style={{ opacity: dragged === chart.id ? 0.5 : 1 }}
          >
            <ChartCard
              chart={chart}
              place={i + 1}
              count={charts.length}
              mayEdit={mayEdit}
              mayDelete={mayDelete}
              onEdit={() => setEditing(chart)}
              onDelete={() => remove(chart)}
              onMove={(by: ChartMove) => move(i, i + by)}
              onWidth={(width) => void resize(chart, width)}
              dragHandle={
                mayEdit
                  ? {
                      draggable: true,
                      onDragStart: (event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', chart.id);
                        setDragged(chart.id);
                      },
                      onDragEnd: () => setDragged(null),
                    }
                  : undefined
              }
            />
          </Col>
        ))}
      </Row>
      {canOpen('preShiftChecks') && <UncheckedCard />}
      {canOpen('reportDetail') && <ReportCards />}
      <ChartDialog
        chart={editing ?? null}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
      <PeriodDialog open={batch} onClose={() => setBatch(false)} />
    </Space>
  );
}
