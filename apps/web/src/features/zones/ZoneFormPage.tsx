// /zones/new and /zones/:id/edit: a site safety zone's company (its "location", fixed once
// created), name, kind, outline drawn on the map (or typed as points), rules and the time zone of
// its hours. Every check is the contracts' own (zoneBodySchema, zoneRuleSchema, zonePolygonSchema):
// an outline that crosses itself or has fewer than 3 points is refused here with the server's
// message, and the server's refusals come back under the field they concern.
import {
  fieldIssue,
  type LngLat,
  ZONE_KINDS,
  type Zone,
  zoneBodySchema,
  zonePolygonSchema,
  zoneRuleSchema,
} from '@fleetlens/contracts';
import { Form, type FormRule, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserZone, TIME_ZONE_OPTIONS } from '../../kernel/timeZones';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, FieldItem, NumberItem, SwitchItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { CustomerField } from '../customers/CustomerField';
import { zones } from './api';
import { ZoneOutline } from './ZoneOutline';
import { asFormRefusal, polygonOf, rulesOf, toBody, toValues, type ZoneValues } from './zoneValues';

const DEFAULTS: Partial<ZoneValues> = {
  kind: 'pedestrian',
  time_zone: browserZone(),
  ring: [],
  no_entry: false,
};

/**
 * A rule's value as the contracts check it inside its rule (its range, an hour without the other,
 * two equal hours); an empty value is no such rule.
 */
function useRuleCheck() {
  const { t } = useTranslation('validation');
  return (field: 'speed_kmh' | 'minutes' | 'from' | 'to'): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        for (const rule of rulesOf(getFieldsValue(true) as ZoneValues)) {
          const issue = zoneRuleSchema.safeParse(rule).error?.issues.find((i) => i.path[0] === field);
          if (issue) throw new Error(t(issue.message.replace(/^validation\./, '')));
        }
      },
    });
}

function useOutlineRule(): FormRule {
  const { t } = useTranslation('validation');
  return {
    required: true,
    validator: async (_, ring: LngLat[] | undefined) => {
      const issue = fieldIssue(zonePolygonSchema, polygonOf(ring ?? []));
      if (issue) throw new Error(t(issue.key, issue.params));
    },
  };
}

function Outline({ fixed }: { fixed: string | undefined }) {
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('customer_id', form) as string | undefined;
  return (
    <FieldItem name="ring" rules={[useOutlineRule()]} span="full">
      <ZoneOutline customerId={fixed ?? chosen} />
    </FieldItem>
  );
}

export function ZoneFormPage() {
  const { id, record } = useResourceRecord<ZoneValues, Zone>(zones, 'zones');
  const { t } = useTranslation('zones');
  const fields = useFieldRules(zoneBodySchema.shape);
  const ruleCheck = useRuleCheck();
  const save = (values: ZoneValues) => {
    const { customer_id, ...body } = toBody({ ...DEFAULTS, ...values } as ZoneValues);
    const sent = id ? zones.update(id, body) : zones.create({ customer_id, ...body });
    return sent.catch((error: unknown) => {
      throw asFormRefusal(error);
    });
  };
  return (
    <EditPage<ZoneValues, Zone>
      {...record}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={save}
      style={{ maxWidth: 1100 }}
    >
      {(zone) => (
        <>
          <FormSection title={t('sections.zone')}>
            <CustomerField
              form={record.form}
              fixed={zone?.customer}
              label={t('fields.location')}
              rules={fields.rules('customer_id')}
              span="half"
            />
            <TextItem fields={fields} name="name" span="half" />
            <ChoiceItem name="kind" values={ZONE_KINDS} labels="kinds" span="half" />
            <FieldItem name="time_zone" span="half" extra={t('timeZoneHint')}>
              <Select showSearch options={TIME_ZONE_OPTIONS} />
            </FieldItem>
          </FormSection>
          <FormSection title={t('sections.outline')}>
            <Outline fixed={zone?.customer.id} />
          </FormSection>
          <FormSection title={t('sections.rules')}>
            <NumberItem
              name="speed_kmh"
              rules={[ruleCheck('speed_kmh')]}
              addonAfter="km/h"
              extra={t('ruleHints.speed')}
              block
              span="half"
            />
            <SwitchItem name="no_entry" extra={t('ruleHints.noEntry')} span="half" />
            <NumberItem
              name="dwell_minutes"
              rules={[ruleCheck('minutes')]}
              addonAfter={t('minutes')}
              extra={t('ruleHints.dwell')}
              precision={0}
              block
              span="half"
            />
            <FieldItem
              name="hours_from"
              rules={[ruleCheck('from')]}
              dependencies={['hours_to']}
              extra={t('ruleHints.hours')}
              span="quarter"
            >
              <Input placeholder="08:00" inputMode="numeric" />
            </FieldItem>
            <FieldItem name="hours_to" rules={[ruleCheck('to')]} dependencies={['hours_from']} span="quarter">
              <Input placeholder="18:00" inputMode="numeric" />
            </FieldItem>
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
