// /webhooks: the webhooks of every company the user may see: their address, what they receive,
// whether they are on; edit (with the delivery log and "send a test") and delete.
import { WEBHOOK_KINDS, type Webhook } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import { type ListColumn, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { webhooks } from './api';
import { kindKey } from './WebhookDeliveries';

export function WebhooksPage() {
  const { t } = useTranslation('integrations', { keyPrefix: 'webhooks' });
  const list = useResourceList(webhooks, t, { sort: 'name' });
  const columns: ListColumn<Webhook>[] = [
    textColumn(t('fields.name'), 'name', (r) => r.name, { alwaysShown: true, long: true }),
    customerColumn(t('fields.customer'), false),
    textColumn(t('fields.url'), 'url', (r) => r.url, { long: true }),
    textColumn(t('fields.kinds'), 'kinds', (r) => r.kinds.map((kind) => t(kindKey(kind))).join(', '), {
      codes: WEBHOOK_KINDS,
    }),
    textColumn(t('fields.enabled'), 'enabled', (r) => t(r.enabled ? 'on' : 'off'), { codes: SWITCH_CODES }),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Webhook>(t, { resource: webhooks }),
  ];
  return <ListPage list={list} columns={columns} />;
}
