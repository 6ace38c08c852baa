// The device's fields (spec §3), shared by the device form and the case's register-device form.
// The browser checks the contracts' rules; what needs the database (ids taken, the vehicle of
// another company, the kitting id) comes back from the server under the same fields.
import {
  CAMERA_ROTATIONS,
  CAMERAS_MAX,
  cameraSchema,
  DEVICE_ICONS,
  DEVICE_TYPES,
  deviceBodySchema,
  INSTALLATION_DIRECTIONS,
  THRESHOLD_KINDS,
  thresholdsSchema,
} from '@fleetlens/contracts';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import type { DeviceOptions } from './api';
import { DeviceIcon } from './DeviceIcon';
import { VehiclePicker } from './VehiclePicker';

export type DeviceFieldsProps = {
  options?: DeviceOptions;
  /** The device id (digits) of the device being edited: its own vehicle and SIM stay selectable. */
  deviceId?: string;
  /** Fields the surrounding screen decides (a case gives kitting id and vehicle). */
  hide?: { vehicle?: boolean; kitting?: boolean };
};

export function DeviceFields({ options, deviceId, hide = {} }: DeviceFieldsProps) {
  const { t } = useTranslation(['devices', 'validation']);
  const taken = (usedBy: string | null) => usedBy !== null && usedBy !== deviceId;
  const withUser = (o: { id: string; name: string; device_id: string | null }) => ({
    value: o.id,
    label: taken(o.device_id) ? `${o.name} (${t('inUseBy', { id: o.device_id })})` : o.name,
    disabled: taken(o.device_id),
  });
  const fields = useFieldRules(deviceBodySchema.shape);
  return (
    <>
      <Card title={t('sections.device')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextItem
              fields={fields}
              name="device_id"
              label={t('fields.device_id')}
              inputMode="numeric"
              autoComplete="off"
            />
          </Col>
          <Col xs={24} md={12}>
            <TextItem
              fields={fields}
              name="plate_number"
              label={t('fields.plate_number')}
              inputMode="numeric"
              autoComplete="off"
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="device_type" label={t('fields.device_type')} rules={fields.rules('device_type')}>
              <Select options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="channel_number"
              label={t('fields.channel_number')}
              rules={fields.rules('channel_number')}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          {!hide.vehicle && (
            <Col xs={24} md={12}>
              <Form.Item name="vehicle_id" label={t('fields.vehicle_id')}>
                <VehiclePicker deviceId={deviceId} />
              </Form.Item>
            </Col>
          )}
          {!hide.kitting && (
            <Col xs={24} md={12}>
              <PickItem
                name="kitting_id"
                label={t('fields.kitting_id')}
                none={t('none')}
                options={options?.cases.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Col>
          )}
          <Col xs={24} md={12}>
            <PickItem
              name="group_id"
              label={t('fields.group_id')}
              none={t('none')}
              options={options?.groups.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Col>
          <Col xs={24} md={12}>
            <PickItem
              name="sim_id"
              label={t('fields.sim_id')}
              none={t('none')}
              options={options?.sims.map(withUser)}
            />
          </Col>
        </Row>
      </Card>
      <CameraFields />
      <DeviceSettingsFields />
    </>
  );
}

/** 1 to 4 cameras, each with its id and rotation. */
function CameraFields() {
  const { t } = useTranslation('devices');
  const camera = useFieldRules(cameraSchema.shape);
  return (
    <Card title={t('sections.cameras')} size="small" style={{ marginBottom: 16 }}>
      <Form.List name="cameras">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={16} key={field.key} align="top">
                <Col xs={24} md={11}>
                  <Form.Item
                    name={[field.name, 'camera_id']}
                    label={t('camera', { n: i + 1 })}
                    rules={camera.rules('camera_id')}
                  >
                    <Input
                      maxLength={camera.maxLength('camera_id')}
                      autoComplete="off"
                      aria-label={t('cameraId', { n: i + 1 })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={15} md={9}>
                  <Form.Item name={[field.name, 'rotation']} label={t('fields.rotation')}>
                    <Select
                      aria-label={t('cameraRotation', { n: i + 1 })}
                      options={CAMERA_ROTATIONS.map((r) => ({ value: r, label: t(`rotations.${r}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={9} md={4} style={{ paddingTop: 30 }}>
                  {fields.length > 1 && (
                    <Button onClick={() => remove(field.name)} aria-label={t('removeCamera', { n: i + 1 })}>
                      {t('remove')}
                    </Button>
                  )}
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            {fields.length < CAMERAS_MAX && (
              <Button onClick={() => add({ camera_id: '', rotation: 'normal' })}>{t('addCamera')}</Button>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}

/** Icon, firmware, thresholds and installation direction: the device's profile and settings. */
// Every kind of threshold has the same rules.
const THRESHOLD = thresholdsSchema.shape.acceleration.shape;

export function DeviceSettingsFields() {
  const { t } = useTranslation('devices');
  const fields = useFieldRules(deviceBodySchema.shape);
  const threshold = useFieldRules(THRESHOLD);
  return (
    <Card title={t('sections.settings')} size="small" style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="icon" label={t('fields.icon')}>
            <Select
              options={DEVICE_ICONS.map((icon) => ({
                value: icon,
                label: (
                  <Space>
                    <DeviceIcon icon={icon} />
                    {t(`icons.${icon}`)}
                  </Space>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <TextItem fields={fields} name="firmware" label={t('fields.firmware')} placeholder="8687" />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="installation_direction" label={t('fields.installation_direction')}>
            <Select
              options={INSTALLATION_DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${d}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {THRESHOLD_KINDS.map((kind) => (
        <Row gutter={16} key={kind}>
          <Col xs={24} md={8} style={{ paddingTop: 6 }}>
            <strong>{t(`thresholdKinds.${kind}`)}</strong>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name={['thresholds', kind, 'threshold']} rules={threshold.rules('threshold')}>
              <InputNumber
                step={0.05}
                precision={2}
                addonAfter="G"
                aria-label={`${t(`thresholdKinds.${kind}`)} ${t('fields.threshold')}`}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name={['thresholds', kind, 'duration']} rules={threshold.rules('duration')}>
              <InputNumber
                step={50}
                precision={0}
                addonAfter="ms"
                aria-label={`${t(`thresholdKinds.${kind}`)} ${t('fields.duration')}`}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      ))}
    </Card>
  );
}
