// /service-accounts/new: a service account's company, name, description and privileges, only
// those the creator holds (contracts holdsPrivilege, as the API accepts). The answer's client id
// and secret are shown once, in a dialog that stays while the list opens again.
import {
  holdsPrivilege,
  type ServiceAccount,
  type ServiceAccountCreateBody,
  serviceAccountCreateSchema,
} from '@fleetlens/contracts';
import { App, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { PrivilegeMatrix } from '../roles/PrivilegeMatrix';
import { useAccessHolder } from '../users/grants';
import { createServiceAccount, serviceAccounts } from './api';

export function ServiceAccountFormPage() {
  const { record } = useResourceRecord<ServiceAccountCreateBody, ServiceAccount>(
    serviceAccounts,
    'integrations',
  );
  const { t } = useTranslation('integrations');
  const { modal } = App.useApp();
  const holder = useAccessHolder();
  const fields = useFieldRules(serviceAccountCreateSchema.shape);
  const showSecret = (account: ServiceAccount) =>
    modal.info({
      title: t('secret.title'),
      width: 560,
      content: (
        <>
          <Typography.Paragraph>{t('secret.once')}</Typography.Paragraph>
          <Typography.Text strong>{t('fields.client_id')}</Typography.Text>
          <Typography.Paragraph code copyable data-testid="client-id">
            {account.client_id}
          </Typography.Paragraph>
          <Typography.Text strong>{t('secret.secret')}</Typography.Text>
          <Typography.Paragraph code copyable data-testid="client-secret">
            {account.client_secret}
          </Typography.Paragraph>
        </>
      ),
    });
  return (
    <EditPage<ServiceAccountCreateBody, ServiceAccount, ServiceAccount>
      {...record}
      initialValues={{ privileges: [], description: '' }}
      save={createServiceAccount}
      onSaved={showSecret}
    >
      <FormSection grid={false}>
        <NamedRecordFields fields={fields} labels={{ customer: t('fields.customer') }} rows={2} />
      </FormSection>
      <FormSection title={t('fields.privileges')} grid={false}>
        <Form.Item name="privileges" rules={fields.rules('privileges')}>
          <PrivilegeMatrix grantable={(p) => !!holder && holdsPrivilege(holder, p)} />
        </Form.Item>
      </FormSection>
    </EditPage>
  );
}
