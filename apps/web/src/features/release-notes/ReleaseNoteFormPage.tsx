// /release-note/new and /release-note/:id/edit (admin): version, note and date, each required
// with its own message (domain spec §5).
import { type ReleaseNote, releaseNoteBodySchema } from '@fleetlens/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { FieldItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { createReleaseNote, releaseNotes, updateReleaseNote } from './api';

type Values = { version: string; note: string; date: Dayjs };
const DAY = 'YYYY-MM-DD';

export function ReleaseNoteFormPage() {
  const { id, record } = useResourceRecord<Values, ReleaseNote>(releaseNotes, 'release-notes');
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
    >
      <FormSection>
        <TextItem fields={fields} name="version" placeholder="3.1.0" />
        <FieldItem name="date" rules={fields.required('date')}>
          <DatePicker format={DAY} style={{ width: '100%' }} />
        </FieldItem>
        <TextItem fields={fields} name="note" rows={8} span="full" />
      </FormSection>
    </EditPage>
  );
}
