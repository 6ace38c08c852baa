// A webhook's delivery log (its latest 50, newest first), each try's time and answer, and "Send a
// test": a delivery of kind webhook.test the receiver can check its signature on.
import { serverTimeToLocal, type Webhook, type WebhookDelivery } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../shell/lists/ListStates';
import { fetchWebhookDeliveries, sendWebhookTest, webhookDeliveryKeys } from './api';

/** The translation key of a kind (`event.created` → `kinds.event_created`: a dot would nest). */
export const kindKey = (kind: string) => `kinds.${kind.replace(/\./g, '_')}`;

const STATE_COLORS = { waiting: 'blue', delivered: 'green', failed: 'red' } as const;

export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('integrations', { keyPrefix: 'webhooks' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = webhookDeliveryKeys(webhook.id);
  const log = useQuery({
    queryKey: key,
    queryFn: () => fetchWebhookDeliveries(webhook.id),
    // While a delivery waits for its next try, look again now and then.
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.state === 'waiting') ? 3000 : false),
  });
  const test = useMutation({
    mutationFn: () => sendWebhookTest(webhook.id),
    onSuccess: async () => {
      message.success(t('testSent'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const tries = (delivery: WebhookDelivery) =>
    delivery.attempts.map((a) => (
      <div key={a.attempt}>{`${serverTimeToLocal(a.at)} · ${a.status ?? a.error ?? ''}`}</div>
    ));
  return (
    <Card
      title={t('log.title')}
      size="small"
      style={{ marginTop: 16 }}
      extra={
        <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="webhook-test">
          {t('log.test')}
        </Button>
      }
    >
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <ListEmpty empty={{ title: t('log.empty') }} narrowed={false} /> }}
        columns={[
          {
            title: t('log.created_at'),
            key: 'created_at',
            render: (_, d) => serverTimeToLocal(d.created_at),
          },
          {
            title: t('log.kind'),
            key: 'kind',
            render: (_, d) => t(kindKey(d.kind), { defaultValue: d.kind }),
          },
          {
            title: t('log.state'),
            key: 'state',
            render: (_, d) => <Tag color={STATE_COLORS[d.state]}>{t(`states.${d.state}`)}</Tag>,
          },
          { title: t('log.attempts'), key: 'attempts', render: (_, d) => tries(d) },
        ]}
      />
    </Card>
  );
}
