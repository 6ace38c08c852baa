// /notifications/new and /notifications/:id/edit: every field of a notice (console spec §3).
// Dates are picked in the browser's zone as YYYY-MM-DD HH:mm and sent as server (UTC) times.
import {
  DATE_FORMAT,
  listAddress,
  localToServerTime,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationBody,
  noticeExpiresAfterPublish,
  noticeReachesSomeone,
  notificationBodySchema,
  notificationResource,
  serverTimeToLocal,
} from '@fleetlens/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { Cell, FormGrid, FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, FieldItem, SwitchItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { useCompanies } from '../customers/api';
import { createNotice, fetchNotice, noticeKeys, updateNotice } from './api';

type Values = Omit<NotificationBody, 'publish_date' | 'expire_date'> & {
  publish_date: Dayjs;
  expire_date: Dayjs;
};

const toValues = (n: Notification): Partial<Values> => ({
  ...n,
  destinations: n.destinations.map((d) => d.id),
  publish_date: dayjs(serverTimeToLocal(n.publish_date)),
  expire_date: dayjs(serverTimeToLocal(n.expire_date)),
});

const dateTime = (
  <DatePicker
    showTime={{ format: 'HH:mm' }}
    format={DATE_FORMAT}
    needConfirm={false}
    style={{ width: '100%' }}
  />
);

export function NoticeFormPage() {
  const { id, form, record } = useEditedRecord<Values, Notification>(
    noticeKeys,
    fetchNotice,
    'notifications',
  );
  const { t } = useTranslation('notifications');
  const toAll = Form.useWatch('is_publish_to_all', form);
  const companies = useCompanies();
  const fields = useFieldRules(notificationBodySchema.shape);
  // The body schema's own rule, on the server times the form sends.
  const expireAfterPublish = fields.objectRule(noticeExpiresAfterPublish, (v) => ({
    publish_date: localToServerTime((v.publish_date as Dayjs | undefined)?.toDate()),
    expire_date: localToServerTime((v.expire_date as Dayjs | undefined)?.toDate()),
  }));
  const save = (values: Values) => {
    const body: NotificationBody = {
      ...values,
      destinations: values.is_publish_to_all ? [] : (values.destinations ?? []),
      publish_date: localToServerTime(values.publish_date.toDate()),
      expire_date: localToServerTime(values.expire_date.toDate()),
    };
    return id ? updateNotice(id, body) : createNotice(body);
  };
  return (
    <EditPage<Values, Notification>
      {...record}
      toValues={toValues}
      initialValues={{ type: 'other', is_publish_to_all: false, destinations: [] }}
      save={save}
      back={listAddress(notificationResource)}
    >
      <FormSection>
        <FieldItem name="title" rules={fields.rules('title')} span="twoThirds">
          {/* Counted, not cut: a pasted longer title stays whole and its message says why it is refused. */}
          <Input count={{ show: true, max: fields.maxLength('title') }} />
        </FieldItem>
        <ChoiceItem
          name="type"
          rules={fields.rules('type')}
          values={NOTIFICATION_TYPES}
          labels="types"
          span="third"
        />
        <SwitchItem name="is_publish_to_all" span="third" />
        <FieldItem
          name="destinations"
          // The notice's own rule (to all, or to some): the body schema refines with it too.
          rules={fields.objectRule(noticeReachesSomeone)}
          span="twoThirds"
        >
          <Select mode="multiple" disabled={toAll} optionFilterProp="label" options={companies.options} />
        </FieldItem>
        <TextItem fields={fields} name="description" rows={4} span="full" />
        <FieldItem name="publish_date" rules={fields.required('publish_date')}>
          {dateTime}
        </FieldItem>
        <FieldItem
          name="expire_date"
          dependencies={['publish_date']}
          rules={[...fields.required('expire_date'), ...expireAfterPublish]}
        >
          {dateTime}
        </FieldItem>
        {(['release_note', 'external'] as const).map((kind) => (
          <Cell span="full" key={kind}>
            <FormGrid>
              <TextItem
                fields={fields}
                name={`${kind}_url_text`}
                label={t(`fields.${kind}_url_text`)}
                span="third"
              />
              <TextItem
                fields={fields}
                name={`${kind}_url`}
                label={t(`fields.${kind}_url`)}
                placeholder="https://"
                span="twoThirds"
              />
            </FormGrid>
          </Cell>
        ))}
      </FormSection>
    </EditPage>
  );
}
