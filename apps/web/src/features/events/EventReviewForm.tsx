// The reviewer's part of an event (event:edit): the check tag, the comment, and the excluded and
// do-not-delete flags, saved together. The review state moves only through the workflow's steps
// (features/event-reviews, ReviewPanel). The comment is checked by the contracts'
// rule, so the form says what the server would; it saves through the forms' useSave (one request
// however often Enter is pressed, the server's messages under their fields) and stays on the page.
import { EVENT_TAGS, type EventDetail, eventUpdateSchema } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { useSave } from '../../shell/forms/useSave';
import { eventKeys, updateEvent } from './api';

type Values = Pick<EventDetail, 'tag' | 'comment' | 'excluded' | 'do_not_delete'>;

export function EventReviewForm({ event }: { event: EventDetail }) {
  const { t } = useTranslation('events');
  const fields = useFieldRules(eventUpdateSchema.shape);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useSave<Values, EventDetail>({
    form,
    save: (values) => updateEvent(event.id, values),
    invalidate: eventKeys.lists,
    savedText: t('review.saved'),
    onSaved: (saved) => queryClient.setQueryData(eventKeys.one(event.id), saved),
  });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        tag: event.tag,
        comment: event.comment,
        excluded: event.excluded,
        do_not_delete: event.do_not_delete,
      }}
      onFinish={save.submit}
    >
      <Form.Item name="tag" label={t('fields.tag')}>
        <Select options={EVENT_TAGS.map((v) => ({ value: v, label: t(`tags.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('fields.comment')}
        rules={fields.rules('comment', { optional: true })}
      >
        <Input.TextArea rows={3} showCount />
      </Form.Item>
      <Form.Item name="excluded" label={t('fields.excluded')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="do_not_delete" label={t('fields.do_not_delete')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.saving}>
        {t('review.save')}
      </Button>
    </Form>
  );
}
