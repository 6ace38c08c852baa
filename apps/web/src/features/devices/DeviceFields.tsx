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
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Cell, FieldLabels, FormGrid, FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, FieldItem, NumberItem } from '../../shell/forms/items';
import { PickItem, type PickItemProps } from '../../shell/forms/PickItem';
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
  const named = (o: { id: string; name: string }) => ({ value: o.id, label: o.name });
  const pick = (name: 'kitting_id' | 'group_id' | 'sim_id', list: PickItemProps['options'], hidden = false) =>
    !hidden && <PickItem name={name} none={t('none')} options={list} />;
  return (
    <FieldLabels ns="devices">
      <FormSection title={t('sections.device')}>
        {(['device_id', 'plate_number'] as const).map((name) => (
          <TextItem fields={fields} name={name} inputMode="numeric" autoComplete="off" key={name} />
        ))}
        <ChoiceItem
          name="device_type"
          rules={fields.rules('device_type')}
          values={DEVICE_TYPES}
          labels="types"
        />
        <NumberItem name="channel_number" rules={fields.rules('channel_number')} block precision={0} />
        {!hide.vehicle && (
          <FieldItem name="vehicle_id">
            <VehiclePicker deviceId={deviceId} />
          </FieldItem>
        )}
        {pick('kitting_id', options?.cases.map(named), hide.kitting)}
        {pick('group_id', options?.groups.map(named))}
        {pick('sim_id', options?.sims.map(withUser))}
      </FormSection>
      <CameraFields />
      <DeviceSettingsFields />
    </FieldLabels>
  );
}

/** 1 to 4 cameras, each with its id and rotation. */
function CameraFields() {
  const { t } = useTranslation('devices');
  const camera = useFieldRules(cameraSchema.shape);
  return (
    <FormSection title={t('sections.cameras')} grid={false}>
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
    </FormSection>
  );
}

/** Icon, firmware, thresholds and installation direction: the device's profile and settings. */
// Every kind of threshold has the same rules.
const THRESHOLD = thresholdsSchema.shape.acceleration.shape;
const THRESHOLD_INPUT = {
  threshold: { step: 0.05, precision: 2, addonAfter: 'G' },
  duration: { step: 50, precision: 0, addonAfter: 'ms' },
};

export function DeviceSettingsFields() {
  const { t } = useTranslation('devices');
  const fields = useFieldRules(deviceBodySchema.shape);
  const threshold = useFieldRules(THRESHOLD);
  return (
    <FieldLabels ns="devices">
      <FormSection title={t('sections.settings')}>
        <FieldItem name="icon" span="third">
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
        </FieldItem>
        <TextItem fields={fields} name="firmware" placeholder="8687" span="third" />
        <ChoiceItem
          name="installation_direction"
          values={INSTALLATION_DIRECTIONS}
          labels="directions"
          span="third"
        />
        {THRESHOLD_KINDS.map((kind) => (
          <Cell span="full" key={kind}>
            <FormGrid>
              <Cell span="third">
                <strong style={{ display: 'block', paddingTop: 6 }}>{t(`thresholdKinds.${kind}`)}</strong>
              </Cell>
              {(['threshold', 'duration'] as const).map((part) => (
                <NumberItem
                  key={part}
                  name={['thresholds', kind, part]}
                  rules={threshold.rules(part)}
                  aria-label={`${t(`thresholdKinds.${kind}`)} ${t(`fields.${part}`)}`}
                  block
                  {...THRESHOLD_INPUT[part]}
                  span={{ xs: 12, md: 8 }}
                />
              ))}
            </FormGrid>
          </Cell>
        ))}
      </FormSection>
    </FieldLabels>
  );
}
