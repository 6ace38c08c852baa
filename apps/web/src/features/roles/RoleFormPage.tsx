// /roles/new and /roles/:id/edit: a role's company (fixed once created), name, description and
// its privileges. A change reaches signed-in users at their next call. Only privileges the editor
// holds can be ticked (contracts holdsPrivilege), as the API accepts.
import { holdsPrivilege, type Role, type RoleCreateBody, roleCreateSchema } from '@fleetlens/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { useAccessHolder } from '../users/grants';
import { createRole, roles, updateRole } from './api';
import { PrivilegeMatrix } from './PrivilegeMatrix';

export function RoleFormPage() {
  const { id, record } = useResourceRecord<RoleCreateBody, Role>(roles, 'roles');
  const { t } = useTranslation('roles');
  const holder = useAccessHolder();
  const fields = useFieldRules(roleCreateSchema.shape);
  return (
    <EditPage<RoleCreateBody, Role>
      {...record}
      toValues={(r) => ({ ...r, customer_id: r.customer.id })}
      initialValues={{ privileges: [], description: '' }}
      save={({ customer_id, ...rest }) => (id ? updateRole(id, rest) : createRole({ customer_id, ...rest }))}
    >
      {(role) => (
        <>
          <FormSection grid={false}>
            <NamedRecordFields
              fields={fields}
              fixed={role?.customer}
              labels={{ customer: t('fields.customer') }}
              rows={2}
            />
          </FormSection>
          <FormSection title={t('fields.privileges')} grid={false}>
            <Form.Item name="privileges" noStyle>
              <PrivilegeMatrix grantable={(p) => !!holder && holdsPrivilege(holder, p)} />
            </Form.Item>
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
