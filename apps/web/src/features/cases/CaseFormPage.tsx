// /cases/new and /cases/:id/edit: every field of the case (domain spec §3). Kitting users' cases
// are always exposed to kitting users (they would lose sight of them otherwise).
import {
  type Case,
  type CaseBody,
  caseBodySchema,
  PANIC_BUTTONS_MAX,
  panicValueSchema,
} from '@fleetlens/contracts';
import { Button, Card, Col, Form, InputNumber, Row, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
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
  const { id } = useParams();
  const { t } = useTranslation(['cases', 'validation']);
  const fields = useFieldRules(caseBodySchema.shape);
  const panic = useFieldRules(PANIC);
  const { profile } = useAuth();
  const kitting = profile?.sysRole === 'kitting';
  const companies = useCompanies();
  const initial = { ...DEFAULTS, exposed_to_kitting: kitting };
  return (
    <EditPage<CaseBody, Case, Case>
      load={id ? { queryKey: caseKeys.one(id), queryFn: () => fetchCase(id) } : undefined}
      toValues={(c) => ({ ...c, customer_id: c.customer.id })}
      initialValues={initial}
      save={(values) => {
        const body = { ...initial, ...values };
        return id ? updateCase(id, body) : createCase(body);
      }}
      invalidate={caseKeys.all}
      back={(kase) => `/cases/${kase.id}/detail`}
      cancelTo={id ? `/cases/${id}/detail` : '/cases'}
    >
      <Card title={t('sections.case')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="case_number" label={t('fields.case_number')} autoComplete="off" />
          </Col>
          <Col xs={24} md={12}>
            <PickItem
              name="customer_id"
              label={t('fields.customer_id')}
              rules={fields.rules('customer_id')}
              options={companies.options}
              disabled={!!id}
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="devices_needed"
              label={t('fields.devices_needed')}
              rules={fields.rules('devices_needed')}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="exposed_to_kitting"
              label={t('fields.exposed_to_kitting')}
              valuePropName="checked"
              extra={kitting ? t('exposedForKitting') : undefined}
            >
              <Switch disabled={kitting} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('sections.kit')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {(['rfid', 'card_reader', 'sim'] as const).map((flag) => (
            <Col xs={24} md={8} key={flag}>
              <Form.Item name={flag} label={t(`fields.${flag}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
        </Row>
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
      </Card>
    </EditPage>
  );
}
