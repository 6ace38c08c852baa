// The event detail's Delete (event:delete): asks first, then deletes the event and its videos and
// goes back to the list. A do-not-delete event is never deleted (the server refuses it): its
// button is off, with the reason beside it; a refusal that still comes (the mark set meanwhile)
// is shown as the server words it.
import type { EventDetail } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { deleteEvent, eventKeys } from './api';

export type DeleteEventProps = { event: EventDetail };

export function DeleteEvent({ event }: DeleteEventProps) {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteEvent(event.id),
    onSuccess: async () => {
      message.success(t('deleted'));
      queryClient.removeQueries({ queryKey: eventKeys.one(event.id) });
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists });
      navigate('/event-summary');
    },
  });
  if (event.do_not_delete) {
    const reason = `delete-restricted-${event.id}`;
    return (
      <Space>
        <Typography.Text type="secondary" id={reason}>
          {t('deleteRestricted')}
        </Typography.Text>
        <Button danger disabled aria-describedby={reason}>
          {t('delete')}
        </Button>
      </Space>
    );
  }
  const refusal =
    remove.error instanceof ApiError ? remove.error.message : remove.error ? t('deleteFailed') : '';
  return (
    <Space>
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" />}
      <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate()}>
        <Button danger loading={remove.isPending}>
          {t('delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
