// The dialog that sets a customer's tachograph limits (the speed limit, the longest driving
// without a break, the shortest break), which every day of its vehicles and operators is marked
// against. Its customer is chosen (the only one by itself), its limits then read (the defaults
// until the customer sets its own); the rules and messages are the contracts' body schema's.
import {
  type TachographCustomerLimits,
  type TachographLimitsBody,
  tachographLimitsFormSchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NumberItem } from '../../shell/forms/items';
import { CustomerField } from '../customers/CustomerField';
import { fetchTachographLimits, limitsKeys, saveTachographLimits } from './api';

type Values = TachographLimitsBody & { customer_id: string };

export function LimitsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tachograph');
  const fields = useFieldRules(tachographLimitsFormSchema.shape);
  const [form] = Form.useForm<Values>();
  const customer = Form.useWatch('customer_id', form);
  const stored = useQuery({
    queryKey: limitsKeys.of(customer ?? ''),
    queryFn: () => fetchTachographLimits(customer as string),
    enabled: open && !!customer,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form again each time it opens (the dialog empties it)
  useEffect(() => {
    if (!stored.data) return;
    const { customer_id: _, is_default: __, ...limits } = stored.data as TachographCustomerLimits;
    form.setFieldsValue(limits);
  }, [stored.data, form, open]);
  return (
    <EditDialog<Values>
      labels="tachograph"
      form={form}
      open={open}
      title={t('limitsForm.title')}
      onClose={onClose}
      save={({ customer_id, ...body }) => saveTachographLimits(customer_id, body)}
      invalidate={['tachograph']}
    >
      <CustomerField form={form} rules={fields.rules('customer_id')} />
      {stored.data?.is_default && (
        <Typography.Paragraph type="secondary">{t('limitsForm.defaults')}</Typography.Paragraph>
      )}
      <NumberItem name="speed_limit_kmh" rules={fields.rules('speed_limit_kmh')} suffix="km/h" />
      <NumberItem
        name="max_continuous_driving_minutes"
        rules={fields.rules('max_continuous_driving_minutes')}
        precision={0}
        suffix={t('limitsForm.minutes')}
      />
      <NumberItem
        name="min_break_minutes"
        rules={fields.rules('min_break_minutes')}
        precision={0}
        suffix={t('limitsForm.minutes')}
      />
    </EditDialog>
  );
}
