// The coaching notes of an event: each for the event's operator of when it was written, by whom
// and when, and whether the operator acknowledged it. Operators do not sign in, so the coach
// records the acknowledgement ("Operator acknowledged"), once per note. A new note is checked by
// the contracts' rule before it is sent.
import { coachingNoteCreateSchema, type EventReview } from '@fleetlens/contracts';
import { Button, Form, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../api/formErrors';
import { localTime } from '../../kernel/format';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { addCoachingNote, recordAcknowledgement } from './api';
import { useReviewChange } from './useReviewChange';

export type CoachingNotesProps = { eventId: string; review: EventReview };

export function CoachingNotes({ eventId, review }: CoachingNotesProps) {
  const { t } = useTranslation('event-reviews');
  const fields = useFieldRules(coachingNoteCreateSchema.shape);
  const [form] = Form.useForm<{ note: string }>();
  const add = useReviewChange(
    eventId,
    (note: string) => addCoachingNote(eventId, note),
    () => t('notes.added'),
  );
  const acknowledge = useReviewChange(
    eventId,
    (noteId: string) => recordAcknowledgement(eventId, noteId),
    () => t('notes.recorded'),
  );
  return (
    <section aria-label={t('notes.title')}>
      <Typography.Title level={5}>{t('notes.title')}</Typography.Title>
      {review.notes.length === 0 && <Typography.Paragraph>{t('notes.empty')}</Typography.Paragraph>}
      <List
        size="small"
        // Its own empty text is too faint to read (WCAG contrast): the paragraph above says it.
        locale={{ emptyText: ' ' }}
        dataSource={review.notes}
        renderItem={(n) => (
          <List.Item data-coaching-note={n.id}>
            <Space direction="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                {n.note}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {n.operator && `${t('notes.forOperator', { name: n.operator.name })} · `}
                {t('notes.by', { name: n.author?.name ?? '', time: localTime(n.created_at) })}
              </Typography.Text>
              {n.acknowledged_at ? (
                <Typography.Text type="success">
                  {t('notes.acknowledged', {
                    time: localTime(n.acknowledged_at),
                    name: n.acknowledged_recorded_by?.name ?? '',
                  })}
                </Typography.Text>
              ) : (
                n.operator && (
                  <Space>
                    <Typography.Text type="secondary">{t('notes.waiting')}</Typography.Text>
                    <Button
                      size="small"
                      loading={acknowledge.isPending && acknowledge.variables === n.id}
                      onClick={() => acknowledge.mutate(n.id)}
                    >
                      {t('notes.acknowledge')}
                    </Button>
                  </Space>
                )
              )}
            </Space>
          </List.Item>
        )}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ note }) =>
          add.mutate(note, {
            onSuccess: () => form.resetFields(),
            onError: (error) => showFieldErrors(form, error),
          })
        }
      >
        <Form.Item name="note" label={t('notes.label')} rules={fields.rules('note')}>
          <Input.TextArea rows={3} showCount maxLength={fields.maxLength('note')} />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          {t('notes.add')}
        </Button>
      </Form>
    </section>
  );
}
