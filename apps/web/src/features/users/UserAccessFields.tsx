// The access part of the user form: company (fixed once created), system role, custom role,
// download role and representative flag, each offering only what the signed-in user may give
// (contracts grantRefusal's parts), so the form never sends what the API refuses.
import {
  type AccessHolder,
  DOWNLOAD_ROLES,
  holdsRepresentativeRight,
  mayGiveDownloadRole,
  mayGiveSysRole,
  privilegesNotHeld,
  STAFF_ROLES,
  type SysRole,
  type User,
  userCreateSchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, FieldItem, SwitchItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { useCompanies } from '../customers/api';
import { fetchCompanyRoles } from './api';

export type UserAccessFieldsProps = {
  form: FormInstance;
  holder: AccessHolder;
  /** The user being edited; undefined on the new-user form. */
  existing: User | undefined;
};

export function UserAccessFields({ form, holder, existing }: UserAccessFieldsProps) {
  const { t } = useTranslation('users');
  const customerId = Form.useWatch('customer_id', form) as string | undefined;
  const companies = useCompanies(true);
  const roles = useQuery({
    queryKey: ['roles', 'of', customerId],
    queryFn: () => fetchCompanyRoles(customerId ?? ''),
    enabled: !!customerId,
  });
  const company = companies.list.find((c) => c.id === customerId);
  // The provider's users hold staff roles, which only an admin gives: others are not offered it.
  const companyOptions = companies.list
    .filter((c) => !c.is_provider || mayGiveSysRole(holder, 'admin'))
    .map((c) => ({ value: c.id, label: c.name }));
  const sysRoles: SysRole[] = (company?.is_provider ? [...STAFF_ROLES] : ['user' as const]).filter((r) =>
    mayGiveSysRole(holder, r),
  );
  const grantableRoles = (roles.data?.list ?? []).filter(
    (r) => privilegesNotHeld(holder, r.privileges).length === 0,
  );
  const fields = useFieldRules(userCreateSchema.shape);
  return (
    <FormSection title={t('sections.access')}>
      <PickItem
        name="customer_id"
        label={t('fields.customer')}
        rules={fields.rules('customer_id')}
        disabled={!!existing}
        options={existing ? [{ value: existing.customer.id, label: existing.customer.name }] : companyOptions}
        onChange={() => form.setFieldsValue({ role_id: null })}
      />
      <ChoiceItem name="sys_role" rules={fields.rules('sys_role')} values={sysRoles} labels="sysRoles" />
      <FieldItem name="role_id" label={t('fields.role')} extra={t('grantHint')}>
        <Select allowClear options={grantableRoles.map((r) => ({ value: r.id, label: r.name }))} />
      </FieldItem>
      <ChoiceItem
        name="download_role"
        values={DOWNLOAD_ROLES.filter((r) => mayGiveDownloadRole(holder, r))}
        labels="downloadRoles"
      />
      <SwitchItem name="manager" disabled={!holdsRepresentativeRight(holder)} />
    </FormSection>
  );
}
