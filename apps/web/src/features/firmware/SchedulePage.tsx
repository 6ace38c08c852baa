// /firmwares/:id/schedule-setting: who gets the firmware file and when. The company's vehicle
// groups or devices; a window in a time zone (the browser's unless chosen), or an immediate update;
// the first stage's size, the success and error thresholds, and the rate. Preview lists the
// devices that will be updated and every other one with its reason, before anything starts; the
// server's refusals (no matching device, a device below 8687, a window that has ended) show under
// their fields.
import {
  ROLLOUT_ERROR_ACTIONS,
  ROLLOUT_TARGETS,
  type RolloutBody,
  type RolloutPreview,
  rolloutBodySchema,
} from '@fleetlens/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';
import { useResourceRows } from '../../api/resource';
import { browserZone, TIME_ZONE_OPTIONS } from '../../kernel/timeZones';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { useSave } from '../../shell/forms/useSave';
import { RouteButton } from '../../shell/RouteButton';
import { useCompanies } from '../customers/api';
import { devices } from '../devices/api';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { createRollout, fetchFirmware, firmwares, previewRollout, rollouts } from './api';

type Values = Omit<RolloutBody, 'starts_at' | 'ends_at'> & { starts_at?: Dayjs; ends_at?: Dayjs };

const FORMAT = 'YYYY-MM-DD HH:mm';

const bodyOf = (values: Values): RolloutBody => ({
  ...values,
  device_ids: values.target === 'devices' ? (values.device_ids ?? []) : [],
  group_ids: values.target === 'groups' ? (values.group_ids ?? []) : [],
  starts_at: values.immediate ? undefined : values.starts_at?.format(FORMAT),
  ends_at: values.ends_at?.format(FORMAT) ?? '',
});

export function SchedulePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('firmware');
  const fields = useFieldRules(rolloutBodySchema.shape);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const firmware = useQuery({
    queryKey: firmwares.keys.one(id),
    queryFn: () => fetchFirmware(id),
    retry: false,
  });
  const customerId = Form.useWatch('customer_id', form);
  const target = Form.useWatch('target', form) ?? 'groups';
  const immediate = Form.useWatch('immediate', form) ?? false;
  const companies = useCompanies();
  const groupOptions = useVehicleGroupOptions(customerId, !!customerId);
  const deviceRows = useResourceRows(
    devices,
    { customer_id: customerId, order_by: 'device_id' },
    !!customerId,
  );
  const [preview, setPreview] = useState<RolloutPreview>();
  const check = useMutation({
    mutationFn: (values: Values) => previewRollout(id, bodyOf(values)),
    onSuccess: setPreview,
    onError: (error) => {
      setPreview(undefined);
      const unplaced = showFieldErrors(form, error);
      if (unplaced.length > 0) message.error(unplaced.join(' '));
    },
  });
  const save = useSave<Values>({
    form,
    save: (values) => createRollout(id, bodyOf(values)),
    invalidate: rollouts.keys.all,
    back: (answer) => `/firmwares/${(answer as { id: string }).id}/updated-status`,
    savedText: t('scheduled'),
  });
  const deviceOf = (row: { device_id: string; vehicle: { name: string } | null }) =>
    `${row.device_id}${row.vehicle ? ` (${row.vehicle.name})` : ''}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={firmware.data ? t('scheduleTitle', { file: firmware.data.file_name }) : t('scheduleTitleBare')}
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={save.submit}
          onValuesChange={() => setPreview(undefined)}
          initialValues={{
            target: 'groups',
            immediate: false,
            time_zone: browserZone(),
            first_stage_size: 1,
            success_threshold: 90,
            error_threshold: 20,
            error_action: 'pause',
            rate_per_minute: 100,
            device_timeout_minutes: 60,
          }}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="customer_id" label={t('fields.customer')} rules={fields.required('customer_id')}>
            <Select showSearch optionFilterProp="label" options={companies.options} />
          </Form.Item>
          <Form.Item name="target" label={t('fields.target')}>
            <Radio.Group
              options={ROLLOUT_TARGETS.map((value) => ({ value, label: t(`targets.${value}`) }))}
              optionType="button"
            />
          </Form.Item>
          {target === 'groups' ? (
            <Form.Item name="group_ids" label={t('fields.group_ids')}>
              <Select mode="multiple" optionFilterProp="label" options={groupOptions} />
            </Form.Item>
          ) : (
            <Form.Item name="device_ids" label={t('fields.device_ids')}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={deviceRows.map((d) => ({ value: d.id, label: d.device_id }))}
              />
            </Form.Item>
          )}
          <Form.Item name="immediate" label={t('fields.immediate')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Space wrap align="start">
            {!immediate && (
              <Form.Item name="starts_at" label={t('fields.starts_at')}>
                <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
              </Form.Item>
            )}
            <Form.Item name="ends_at" label={t('fields.ends_at')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
            </Form.Item>
            <Form.Item name="time_zone" label={t('fields.time_zone')}>
              <Select showSearch style={{ minWidth: 220 }} options={TIME_ZONE_OPTIONS} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="first_stage_size" label={t('fields.first_stage_size')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="success_threshold" label={t('fields.success_threshold')}>
              <InputNumber addonAfter="%" />
            </Form.Item>
            <Form.Item name="error_threshold" label={t('fields.error_threshold')}>
              <InputNumber addonAfter="%" />
            </Form.Item>
            <Form.Item name="error_action" label={t('fields.error_action')}>
              <Select
                style={{ minWidth: 120 }}
                options={ROLLOUT_ERROR_ACTIONS.map((value) => ({ value, label: t(`errorActions.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="rate_per_minute" label={t('fields.rate_per_minute')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="device_timeout_minutes" label={t('fields.device_timeout_minutes')}>
              <InputNumber />
            </Form.Item>
          </Space>
          <Alert type="info" showIcon message={t('safeInstall')} style={{ marginBottom: 16 }} />
          <Space>
            <Button onClick={() => check.mutate(form.getFieldsValue())} loading={check.isPending}>
              {t('actions.preview')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.saving} disabled={!preview}>
              {t('actions.schedule')}
            </Button>
            <RouteButton to={`/firmwares/${id}/info`}>{t('actions.cancel')}</RouteButton>
          </Space>
        </Form>
      </Card>
      {preview && (
        <Card
          title={t('previewTitle', {
            eligible: preview.eligible.length,
            ineligible: preview.ineligible.length,
          })}
        >
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            aria-label={t('previewTitle', {
              eligible: preview.eligible.length,
              ineligible: preview.ineligible.length,
            })}
            dataSource={[
              ...preview.eligible.map((d) => ({ ...d, reason: undefined })),
              ...preview.ineligible,
            ]}
            columns={[
              { title: t('fields.device'), key: 'device', render: (_, d) => deviceOf(d) },
              { title: t('fields.from_version'), key: 'firmware', render: (_, d) => d.firmware ?? '-' },
              { title: t('fields.device_type'), key: 'type', render: (_, d) => d.device_type },
              {
                title: t('fields.status'),
                key: 'reason',
                render: (_, d) =>
                  d.reason ? (
                    <Tag color={d.reason === 'offline' ? 'warning' : 'default'}>
                      {t(`ineligible.${d.reason}`)}
                    </Tag>
                  ) : (
                    <Tag color="success">{t('eligible')}</Tag>
                  ),
              },
            ]}
          />
          <p>{t('offlineNote')}</p>
        </Card>
      )}
    </Space>
  );
}
