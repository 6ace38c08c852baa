// /cases/new and /cases/:id/edit: every field of the case (domain spec §3). Kitting users' cases
// are always exposed to kitting users (they would lose sight of them otherwise).
import {
  CASE_DEVICES_MAX,
  type CaseBody,
  PANIC_BUTTONS_MAX,
  PANIC_VALUE_MAX,
  panicValueSchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useContractRule } from '../../app/contractRule';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
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

export function CaseFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['cases', 'validation']);
  const rule = useContractRule();
  const [form] = Form.useForm<CaseBody>();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const kitting = profile?.sysRole === 'kitting';
  const companies = useCompanies();
  const existing = useQuery({
    queryKey: caseKeys.one(id ?? ''),
    queryFn: () => fetchCase(id ?? ''),
    enabled: !!id,
  });

  useEffect(() => {
    const c = existing.data;
    if (c) form.setFieldsValue({ ...c, customer_id: c.customer.id });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (body: CaseBody) => (id ? updateCase(id, body) : createCase(body)),
    invalidate: caseKeys.all,
    back: (kase) => `/cases/${kase.id}/detail`,
  });

  if (id && !existing.data) return <QueryState query={existing} back="/cases" />;
  const initial = { ...DEFAULTS, exposed_to_kitting: kitting };
  return (
    <Form<CaseBody>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => save.mutate({ ...initial, ...values })}
      scrollToFirstError
    >
      <Card title={t('sections.case')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="case_number"
              label={t('fields.case_number')}
              rules={[{ required: true, whitespace: true, message: t('validation:caseNumberRequired') }]}
            >
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="customer_id"
              label={t('fields.customer_id')}
              rules={[{ required: true, message: t('validation:customerRequired') }]}
            >
              <Select showSearch optionFilterProp="label" options={companies.options} disabled={!!id} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="devices_needed"
              label={t('fields.devices_needed')}
              rules={[
                { required: true, message: t('validation:devicesNeededRequired') },
                { type: 'integer', min: 1, max: CASE_DEVICES_MAX, message: t('validation:devicesNeeded') },
              ]}
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
          {(fields, { add, remove }) => (
            <Form.Item label={t('fields.panic_button_values')} extra={t('panicHelp')}>
              <Space wrap align="start">
                {fields.map((field, i) => (
                  <Space key={field.key} align="start">
                    <Form.Item
                      name={field.name}
                      noStyle={false}
                      style={{ marginBottom: 0 }}
                      rules={[
                        { required: true, message: t('validation:required') },
                        rule(panicValueSchema),
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
                      <InputNumber
                        max={PANIC_VALUE_MAX}
                        precision={0}
                        aria-label={t('panicValue', { n: i + 1 })}
                      />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)} aria-label={t('removePanic', { n: i + 1 })}>
                      −
                    </Button>
                  </Space>
                ))}
                {fields.length < PANIC_BUTTONS_MAX && <Button onClick={() => add()}>{t('addPanic')}</Button>}
              </Space>
            </Form.Item>
          )}
        </Form.List>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate(id ? `/cases/${id}/detail` : '/cases')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
