// /release-note/new and /release-note/:id/edit (admin): version, note and date, each required
// with its own message (domain spec §5).
import type { ReleaseNoteBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Input, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { createReleaseNote, fetchReleaseNote, releaseNoteKeys, updateReleaseNote } from './api';

type Values = { version: string; note: string; date: Dayjs };
const DAY = 'YYYY-MM-DD';

export function ReleaseNoteFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['release-notes', 'validation']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: releaseNoteKeys.one(id ?? ''),
    queryFn: () => fetchReleaseNote(id ?? ''),
    enabled: !!id,
  });

  useEffect(() => {
    const n = existing.data;
    if (n) form.setFieldsValue({ version: n.version, note: n.note, date: dayjs(n.date, DAY) });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (values: Values) => {
      const body: ReleaseNoteBody = {
        version: values.version,
        note: values.note,
        date: values.date.format(DAY),
      };
      return id ? updateReleaseNote(id, body) : createReleaseNote(body);
    },
    invalidate: releaseNoteKeys.all,
    back: '/release-note/listings',
  });

  if (id && !existing.data) return <QueryState query={existing} back="/release-note/listings" />;
  const required = (key: string) => ({ required: true, whitespace: true, message: t(`validation:${key}`) });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={id ? undefined : { date: dayjs() }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="version" label={t('fields.version')} rules={[required('versionRequired')]}>
              <Input maxLength={50} placeholder="3.1.0" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="date"
              label={t('fields.date')}
              rules={[{ required: true, message: t('validation:dateRequired') }]}
            >
              <DatePicker format={DAY} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="note" label={t('fields.note')} rules={[required('noteRequired')]}>
              <Input.TextArea rows={8} maxLength={10_000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/release-note/listings')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
