// Whose events the user is notified of (user payload groups, event_groups,
// notify_event_based_on_groups): vehicle groups of the chosen company and event types. With the
// switch on, the user's event e-mail covers only the events of those groups' vehicles and of those
// types (an empty choice: all of them); off, the choices are kept but not applied.
import { DEVICE_EVENT_TYPES, type User, vehicleGroupResource } from '@fleetlens/contracts';
import { Col, Form, type FormInstance, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { useVehicleGroupOptions } from '../vehicle-groups/api';

export function UserEventGroupsFields({
  form,
  existing,
}: {
  form: FormInstance;
  existing: User | undefined;
}) {
  const { t } = useTranslation('users');
  const { t: te } = useTranslation('events');
  const canOpen = useCanOpen();
  const customerId: string | undefined = Form.useWatch('customer_id', form) ?? existing?.customer.id;
  const listed = useVehicleGroupOptions(customerId, !!customerId && canOpen(vehicleGroupResource.pages.list));
  // The groups followed now keep their names even for an editor who may not list groups.
  const followed = (existing?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  const groups = [...listed, ...followed.filter((g) => !listed.some((l) => l.value === g.value))];
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item
          name="notify_event_based_on_groups"
          valuePropName="checked"
          label={t('eventGroups.basedOnGroups')}
        >
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="groups" label={t('eventGroups.groups')} extra={t('eventGroups.noneMeansAll')}>
          <Select mode="multiple" allowClear options={groups} optionFilterProp="label" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="event_groups" label={t('eventGroups.types')} extra={t('eventGroups.noneMeansAll')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={DEVICE_EVENT_TYPES.map((type) => ({ value: type, label: te(`types.${type}`) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
