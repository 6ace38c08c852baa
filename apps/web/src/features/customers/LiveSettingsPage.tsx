// /customers/:id/live-settings: the live-camera limits (domain spec §3), entered in minutes and
// kept in seconds. The remaining time may not exceed the monthly maximum.
import {
  type CustomerLiveSettings,
  LIVE_LIMIT_MINUTES_MAX,
  liveLimitMinutesSchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useContractRule } from '../../app/contractRule';
import { useFormSave } from '../../shell/lists/useFormSave';
import { customerKeys, fetchCustomer, updateLiveSettings } from './api';

type Minutes = { continuous: number; monthlyMax: number; remaining: number };
const FIELD_OF: Record<string, keyof Minutes> = {
  live_continuous_seconds: 'continuous',
  live_monthly_max_seconds: 'monthlyMax',
  live_remaining_seconds: 'remaining',
};

export function LiveSettingsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['customers', 'validation']);
  const rule = useContractRule();
  const [form] = Form.useForm<Minutes>();
  const navigate = useNavigate();
  const customer = useQuery({ queryKey: customerKeys.one(id), queryFn: () => fetchCustomer(id) });

  const save = useFormSave({
    form,
    save: (m: Minutes) =>
      updateLiveSettings(id, {
        live_continuous_seconds: Math.round(m.continuous * 60),
        live_monthly_max_seconds: Math.round(m.monthlyMax * 60),
        live_remaining_seconds: Math.round(m.remaining * 60),
      } satisfies CustomerLiveSettings),
    invalidate: customerKeys.all,
    back: '/customers',
    // The server speaks in seconds, the form in minutes.
    fieldOf: (field) => FIELD_OF[field] ?? field,
  });

  if (!customer.data) return <Spin />;
  const c = customer.data;
  const required = { required: true, message: t('validation:required') };
  return (
    <Card title={c.name} size="small">
      <Form<Minutes>
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        initialValues={{
          continuous: c.live_continuous_seconds / 60,
          monthlyMax: c.live_monthly_max_seconds / 60,
          remaining: c.live_remaining_seconds / 60,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="continuous" label={t('live.continuous')} rules={[required]}>
          <InputNumber min={1} max={1440} addonAfter={t('units.minutes')} />
        </Form.Item>
        <Form.Item
          name="monthlyMax"
          label={t('live.monthlyMax')}
          rules={[required, rule(liveLimitMinutesSchema)]}
        >
          <InputNumber max={LIVE_LIMIT_MINUTES_MAX} addonAfter={t('units.minutes')} />
        </Form.Item>
        <Form.Item
          name="remaining"
          label={t('live.remaining')}
          dependencies={['monthlyMax']}
          rules={[
            required,
            rule(liveLimitMinutesSchema),
            ({ getFieldValue }) => ({
              validator: (_, value: number) =>
                value <= getFieldValue('monthlyMax')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation:remainingOverMax'))),
            }),
          ]}
        >
          <InputNumber max={LIVE_LIMIT_MINUTES_MAX} addonAfter={t('units.minutes')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
          <Button onClick={() => navigate('/customers')}>{t('actions.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
