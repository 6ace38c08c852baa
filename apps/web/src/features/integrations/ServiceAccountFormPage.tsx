// /service-accounts/new: a service account's company, name, description and privileges, only
// those the creator holds (contracts holdsPrivilege, as the API accepts). The answer's client id
// and secret are shown once, in a dialog that stays while the list opens again.
import {
  holdsPrivilege,
  type ServiceAccount,
  type ServiceAccountCreateBody,
  serviceAccountCreateSchema,
} from '@fleetlens/contracts';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { PrivilegeMatrix } from '../roles/PrivilegeMatrix';
import { useAccessHolder } from '../users/grants';
import { createServiceAccount, serviceAccounts } from './api';
import { showOnce } from './secretDialog';

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
    showOnce(modal, { title: t('secret.title'), once: t('secret.once') }, [
      { label: t('fields.client_id'), value: account.client_id, testId: 'client-id' },
      { label: t('secret.secret'), value: account.client_secret, testId: 'client-secret' },
    ]);
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
