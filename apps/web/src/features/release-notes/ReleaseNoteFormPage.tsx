// /release-note/new and /release-note/:id/edit (admin): version, note and date, each required
// with its own message (domain spec §5).
import { type ReleaseNote, releaseNoteBodySchema } from '@fleetlens/contracts';
import { Card, Col, DatePicker, Form, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { createReleaseNote, fetchReleaseNote, releaseNoteKeys, updateReleaseNote } from './api';

type Values = { version: string; note: string; date: Dayjs };
const DAY = 'YYYY-MM-DD';

export function ReleaseNoteFormPage() {
  const { id, record } = useEditedRecord(releaseNoteKeys, fetchReleaseNote);
  const { t } = useTranslation('release-notes');
  const fields = useFieldRules(releaseNoteBodySchema.shape);
  return (
    <EditPage<Values, ReleaseNote>
      {...record}
      toValues={(n) => ({ version: n.version, note: n.note, date: dayjs(n.date, DAY) })}
      initialValues={id ? undefined : { date: dayjs() }}
      save={(values) => {
        const body = { version: values.version, note: values.note, date: values.date.format(DAY) };
        return id ? updateReleaseNote(id, body) : createReleaseNote(body);
      }}
      back="/release-note/listings"
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="version" label={t('fields.version')} placeholder="3.1.0" />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="date" label={t('fields.date')} rules={fields.required('date')}>
              <DatePicker format={DAY} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <TextItem fields={fields} name="note" label={t('fields.note')} rows={8} />
          </Col>
        </Row>
      </Card>
    </EditPage>
  );
}
