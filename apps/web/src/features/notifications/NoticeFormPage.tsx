// /notifications/new and /notifications/:id/edit: every field of a notice (console spec §3).
// Dates are picked in the browser's zone as YYYY-MM-DD HH:mm and sent as server (UTC) times.
import {
  DATE_FORMAT,
  EXTERNAL_LINK_PATTERN,
  localToServerTime,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
  type NotificationBody,
  serverTimeToLocal,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { useCompanies } from '../customers/api';
import { createNotice, fetchNotice, noticeKeys, updateNotice } from './api';

type Values = Omit<NotificationBody, 'publish_date' | 'expire_date'> & {
  publish_date: Dayjs;
  expire_date: Dayjs;
};

export function NoticeFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['notifications', 'validation']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const toAll = Form.useWatch('is_publish_to_all', form);
  const existing = useQuery({
    queryKey: noticeKeys.one(id ?? ''),
    queryFn: () => fetchNotice(id ?? ''),
    enabled: !!id,
  });
  const companies = useCompanies();

  useEffect(() => {
    const n = existing.data;
    if (!n) return;
    form.setFieldsValue({
      ...n,
      destinations: n.destinations.map((d) => d.id),
      publish_date: dayjs(serverTimeToLocal(n.publish_date)),
      expire_date: dayjs(serverTimeToLocal(n.expire_date)),
    });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (values: Values) => {
      const body: NotificationBody = {
        ...values,
        destinations: values.is_publish_to_all ? [] : (values.destinations ?? []),
        publish_date: localToServerTime(values.publish_date.toDate()),
        expire_date: localToServerTime(values.expire_date.toDate()),
      };
      return id ? updateNotice(id, body) : createNotice(body);
    },
    invalidate: noticeKeys.all,
    back: '/notifications/listings',
  });

  if (id && existing.isLoading) return <Spin />;
  // Each required field names itself when missing (spec §5), as the server's contract does.
  // Blank text counts as missing. Only text gets `whitespace`: any key beside `required` makes the
  // validator check the value is a string, which a picker's or a number's value is not.
  const required = (key: string, text = true) => ({
    required: true,
    ...(text ? { whitespace: true } : {}),
    message: t(`validation:${key}`),
  });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ type: 'other', is_publish_to_all: false, destinations: [] }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="title"
              label={t('fields.title')}
              rules={[
                required('titleRequired'),
                { max: NOTIFICATION_TITLE_MAX, message: t('validation:title') },
              ]}
            >
              {/* Counted, not cut: a pasted longer title stays whole and its message says why it is refused. */}
              <Input count={{ show: true, max: NOTIFICATION_TITLE_MAX }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('fields.type')} rules={[required('typeRequired', false)]}>
              <Select
                options={NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="is_publish_to_all" label={t('fields.is_publish_to_all')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="destinations"
              label={t('fields.destinations')}
              rules={
                toAll ? [] : [{ required: true, type: 'array', min: 1, message: t('validation:destination') }]
              }
            >
              <Select mode="multiple" disabled={toAll} optionFilterProp="label" options={companies.options} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[required('descriptionRequired')]}
            >
              <Input.TextArea rows={4} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="publish_date"
              label={t('fields.publish_date')}
              rules={[required('publishDateRequired', false)]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={DATE_FORMAT}
                needConfirm={false}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="expire_date"
              label={t('fields.expire_date')}
              dependencies={['publish_date']}
              rules={[
                required('expireDateRequired', false),
                ({ getFieldValue }) => ({
                  validator: (_, value: Dayjs | undefined) => {
                    const from = getFieldValue('publish_date') as Dayjs | undefined;
                    return !value || !from || value.isAfter(from)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation:expireAfterPublish')));
                  },
                }),
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={DATE_FORMAT}
                needConfirm={false}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          {(['release_note', 'external'] as const).map((kind) => (
            <Col xs={24} key={kind}>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name={`${kind}_url_text`} label={t(`fields.${kind}_url_text`)}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item
                    name={`${kind}_url`}
                    label={t(`fields.${kind}_url`)}
                    rules={[{ pattern: EXTERNAL_LINK_PATTERN, message: t('validation:externalLink') }]}
                  >
                    <Input maxLength={2000} placeholder="https://" />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          ))}
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/notifications/listings')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
