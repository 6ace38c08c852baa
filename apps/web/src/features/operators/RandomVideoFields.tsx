// The random video settings (candidate days, frequency per week, duration in minutes, enabled),
// shared by the operator form and the batch screen. The duration is bounded by the company's
// longest random video (customers.random_video_max_seconds), the server checks it again.
import { RANDOM_VIDEO_MINUTES_MAX, randomVideoFields, WEEK_DAYS, type WeekDay } from '@fleetlens/contracts';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldLabels, FormGrid } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { FieldItem, NumberItem, SwitchItem } from '../../shell/forms/items';

export type RandomVideoFieldsProps = { maxSeconds?: number | undefined };

export const RANDOM_VIDEO_DEFAULTS = {
  random_video_enabled: false,
  random_video_days: [] as WeekDay[],
  random_video_per_week: 1,
  random_video_minutes: 1,
};

export function RandomVideoFields({ maxSeconds }: RandomVideoFieldsProps) {
  const { t } = useTranslation(['operators', 'validation']);
  const fields = useFieldRules(randomVideoFields);
  const allowed = maxSeconds === undefined ? RANDOM_VIDEO_MINUTES_MAX : Math.floor(maxSeconds / 60);
  const form = Form.useFormInstance();
  const enabled = Form.useWatch('random_video_enabled', form);
  return (
    <FieldLabels ns="operators">
      <FormGrid>
        <SwitchItem name="random_video_enabled" span="quarter" />
        <FieldItem
          name="random_video_days"
          dependencies={['random_video_enabled']}
          rules={[
            {
              validator: async (_, days?: string[]) => {
                if (enabled && !days?.length) throw new Error(t('validation:randomVideoDays'));
              },
            },
          ]}
          span="threeQuarters"
        >
          <Checkbox.Group options={WEEK_DAYS.map((d) => ({ value: d, label: t(`days.${d}`) }))} />
        </FieldItem>
        <NumberItem
          name="random_video_per_week"
          rules={fields.rules('random_video_per_week', { required: 'required' })}
          precision={0}
          addonAfter={t('units.perWeek')}
          span="third"
        />
        <NumberItem
          name="random_video_minutes"
          label={t('fields.random_video_minutes')}
          extra={maxSeconds === undefined ? undefined : t('maxMinutes', { max: allowed })}
          rules={[
            ...fields.rules('random_video_minutes', { required: 'required' }),
            {
              validator: async (_, value?: number) => {
                if (enabled && value !== undefined && value > allowed)
                  throw new Error(t('validation:randomVideoTooLong', { max: allowed }));
              },
            },
          ]}
          precision={0}
          addonAfter={t('units.minutes')}
          span="twoThirds"
        />
      </FormGrid>
    </FieldLabels>
  );
}
