// /customers/:id/live-settings: the live-camera limits (domain spec §3), entered in minutes and
// kept in seconds. The remaining time may not exceed the monthly maximum.
import {
  type Customer,
  type CustomerLiveSettings,
  customerResource,
  listAddress,
  liveContinuousMinutesSchema,
  liveLimitMinutesSchema,
} from '@fleetlens/contracts';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { customerKeys, fetchCustomer, updateLiveSettings } from './api';

type Minutes = { continuous: number; monthlyMax: number; remaining: number };
// The form speaks in minutes, the contracts' body in seconds: these are its rules in minutes.
const MINUTES = {
  continuous: liveContinuousMinutesSchema,
  monthlyMax: liveLimitMinutesSchema,
  remaining: liveLimitMinutesSchema,
};
const FIELD_OF: Record<string, keyof Minutes> = {
  live_continuous_seconds: 'continuous',
  live_monthly_max_seconds: 'monthlyMax',
  live_remaining_seconds: 'remaining',
};

export function LiveSettingsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['customers', 'validation']);
  const fields = useFieldRules(MINUTES);
  // A limit may be 0 by the schema, but an emptied field is a mistake, not a 0.
  const rules = (name: keyof Minutes) => fields.rules(name, { required: 'required' });
  return (
    <EditPage<Minutes, Customer>
      load={{ queryKey: customerKeys.one(id), queryFn: () => fetchCustomer(id) }}
      toValues={(c) => ({
        continuous: c.live_continuous_seconds / 60,
        monthlyMax: c.live_monthly_max_seconds / 60,
        remaining: c.live_remaining_seconds / 60,
      })}
      save={(m) =>
        updateLiveSettings(id, {
          live_continuous_seconds: Math.round(m.continuous * 60),
          live_monthly_max_seconds: Math.round(m.monthlyMax * 60),
          live_remaining_seconds: Math.round(m.remaining * 60),
        } satisfies CustomerLiveSettings)
      }
      invalidate={customerKeys.all}
      back={listAddress(customerResource)}
      fieldOf={(field) => FIELD_OF[field] ?? field}
      title={(c) => c?.name}
      style={{ maxWidth: 420 }}
    >
      <Form.Item name="continuous" label={t('live.continuous')} rules={rules('continuous')}>
        <InputNumber addonAfter={t('units.minutes')} />
      </Form.Item>
      <Form.Item name="monthlyMax" label={t('live.monthlyMax')} rules={rules('monthlyMax')}>
        <InputNumber addonAfter={t('units.minutes')} />
      </Form.Item>
      <Form.Item
        name="remaining"
        label={t('live.remaining')}
        dependencies={['monthlyMax']}
        rules={[
          ...rules('remaining'),
          ({ getFieldValue }) => ({
            validator: (_, value: number) =>
              value === undefined || value === null || value <= getFieldValue('monthlyMax')
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation:remainingOverMax'))),
          }),
        ]}
      >
        <InputNumber addonAfter={t('units.minutes')} />
      </Form.Item>
    </EditPage>
  );
}
