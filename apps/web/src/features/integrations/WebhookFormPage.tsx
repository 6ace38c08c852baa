// /webhooks/new and /webhooks/:id/edit: a webhook's company, name, description, address (http or
// https only, as the API checks), the kinds it receives and whether it is on. The signing secret
// is shown once, after creating, in a dialog; an existing webhook shows its delivery log and
// "Send a test".
import {
  WEBHOOK_KINDS,
  type Webhook,
  type WebhookCreateBody,
  webhookCreateSchema,
} from '@fleetlens/contracts';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { SwitchItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { createWebhook, updateWebhook, webhooks } from './api';
import { showOnce } from './secretDialog';
import { kindKey, WebhookDeliveries } from './WebhookDeliveries';

export function WebhookFormPage() {
  const { id, record } = useResourceRecord<WebhookCreateBody, Webhook>(webhooks, 'integrations');
  const { t } = useTranslation('integrations', { keyPrefix: 'webhooks' });
  const { modal } = App.useApp();
  const fields = useFieldRules(webhookCreateSchema.shape);
  const showSecret = (webhook: Webhook) =>
    webhook.secret &&
    showOnce(modal, { title: t('secret.title'), once: t('secret.once') }, [
      { label: t('secret.secret'), value: webhook.secret, testId: 'webhook-secret' },
    ]);
  return (
    <EditPage<WebhookCreateBody, Webhook, Webhook>
      {...record}
      initialValues={{ description: '', kinds: [...WEBHOOK_KINDS], enabled: true }}
      toValues={({ name, description, url, kinds, enabled }) => ({
        name,
        description,
        url,
        kinds: kinds as WebhookCreateBody['kinds'],
        enabled,
      })}
      save={({ customer_id, ...body }) =>
        id ? updateWebhook(id, body) : createWebhook({ customer_id, ...body })
      }
      onSaved={showSecret}
      style={{ maxWidth: 860 }}
    >
      {(webhook) => (
        <>
          <FormSection grid={false}>
            <NamedRecordFields
              fields={fields}
              fixed={webhook?.customer}
              labels={{ customer: t('fields.customer'), name: t('fields.name') }}
              rows={2}
            />
            <TextItem
              fields={fields}
              name="url"
              label={t('fields.url')}
              extra={t('urlHelp')}
              inputMode="text"
            />
            <Form.Item name="kinds" label={t('fields.kinds')} rules={fields.rules('kinds')}>
              <Select
                mode="multiple"
                options={WEBHOOK_KINDS.map((kind) => ({ value: kind, label: t(kindKey(kind)) }))}
              />
            </Form.Item>
            <SwitchItem name="enabled" label={t('fields.enabled')} />
          </FormSection>
          {webhook && <WebhookDeliveries webhook={webhook} />}
        </>
      )}
    </EditPage>
  );
}
