// /cases/new and /cases/:id/edit: every field of the case (domain spec §3). Kitting users' cases
// are always exposed to kitting users (they would lose sight of them otherwise).
import {
  type Case,
  type CaseBody,
  caseBodySchema,
  caseResource,
  listAddress,
  PANIC_BUTTONS_MAX,
  panicValueSchema,
  recordAddress,
} from '@fleetlens/contracts';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/context';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { FormGrid, FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NumberItem, SwitchItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { useCompanies } from '../customers/api';
import { caseKeys, createCase, fetchCase, updateCase } from './api';

const DEFAULTS: Partial<CaseBody> = {
  devices_needed: 1,
  rfid: false,
  panic_button_values: [],
  card_reader: false,
  sim: false,
  exposed_to_kitting: false,
};
const PANIC = { value: panicValueSchema };

export function CaseFormPage() {
  const { id, record } = useEditedRecord<CaseBody, Case>(caseKeys, fetchCase, 'cases');
  const { t } = useTranslation(['cases', 'validation']);
  const fields = useFieldRules(caseBodySchema.shape);
  const panic = useFieldRules(PANIC);
  const { profile } = useAuth();
  const kitting = profile?.sysRole === 'kitting';
  const companies = useCompanies();
  const initial = { ...DEFAULTS, exposed_to_kitting: kitting };
  return (
    <EditPage<CaseBody, Case, Case>
      {...record}
      toValues={(c) => ({ ...c, customer_id: c.customer.id })}
      initialValues={initial}
      save={(values) => {
        const body = { ...initial, ...values };
        return id ? updateCase(id, body) : createCase(body);
      }}
      back={(kase) => recordAddress(caseResource, 'detail', kase.id)}
      cancelTo={id ? recordAddress(caseResource, 'detail', id) : listAddress(caseResource)}
    >
      <FormSection title={t('sections.case')}>
        <TextItem fields={fields} name="case_number" autoComplete="off" />
        <PickItem
          name="customer_id"
          rules={fields.rules('customer_id')}
          options={companies.options}
          disabled={!!id}
        />
        <NumberItem name="devices_needed" rules={fields.rules('devices_needed')} precision={0} block />
        <SwitchItem
          name="exposed_to_kitting"
          extra={kitting ? t('exposedForKitting') : undefined}
          disabled={kitting}
        />
      </FormSection>
      <FormSection title={t('sections.kit')} grid={false}>
        <FormGrid>
          {(['rfid', 'card_reader', 'sim'] as const).map((flag) => (
            <SwitchItem name={flag} span="third" key={flag} />
          ))}
        </FormGrid>
        <Form.List name="panic_button_values">
          {(slots, { add, remove }) => (
            <Form.Item label={t('fields.panic_button_values')} extra={t('panicHelp')}>
              <Space wrap align="start">
                {slots.map((field, i) => (
                  <Space key={field.key} align="start">
                    <Form.Item
                      name={field.name}
                      noStyle={false}
                      style={{ marginBottom: 0 }}
                      rules={[
                        ...panic.rules('value', { required: 'required' }),
                        ({ getFieldValue }) => ({
                          validator: (_, value) => {
                            const values = (getFieldValue('panic_button_values') ?? []) as unknown[];
                            return values.indexOf(value) !== i
                              ? Promise.reject(new Error(t('validation:panicDuplicate')))
                              : Promise.resolve();
                          },
                        }),
                      ]}
                    >
                      <InputNumber precision={0} aria-label={t('panicValue', { n: i + 1 })} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)} aria-label={t('removePanic', { n: i + 1 })}>
                      −
                    </Button>
                  </Space>
                ))}
                {slots.length < PANIC_BUTTONS_MAX && <Button onClick={() => add()}>{t('addPanic')}</Button>}
              </Space>
            </Form.Item>
          )}
        </Form.List>
      </FormSection>
    </EditPage>
  );
}
