// The actions above one record's page, in its feature's words (keys of a fixed shape, as the
// lists' edit-and-delete column: `actions.edit`, `actions.delete`, `actions.cancel`,
// `actions.back`, `deleted`): Edit for those who may open the edit route, Delete (asked first) for
// those who hold one of its roles, and Back to the list. A done delete says so, makes the
// feature's queries stale and goes back to the list; a refused one shows the server's message
// (the API client's toast).
import type { RouteName } from '@fleetlens/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../routes/useCanOpen';
import { useMay } from '../routes/useMay';
import { RouteButton } from './RouteButton';

export type DetailDelete = {
  /** Who may delete: roles or privileges (contracts ACTION_ROLES). */
  roles: readonly string[];
  /** The question before it, naming the record. */
  confirm: string;
  call: () => Promise<unknown>;
  /** The queries a done delete makes stale (the feature's `keys.all`). */
  invalidate: QueryKey;
};

export type DetailActionsProps = {
  t: TFunction;
  /** The edit route's name and the record's address in it. */
  edit: readonly [RouteName, string];
  remove: DetailDelete;
  /** The list: where Back and a done delete go. */
  back: string;
};

export function DetailActions({ t, edit, remove, back }: DetailActionsProps) {
  const canOpen = useCanOpen();
  const may = useMay();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const deletion = useMutation({
    mutationFn: remove.call,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: remove.invalidate });
      navigate(back);
    },
  });
  return (
    <Space wrap>
      {canOpen(edit[0]) && (
        <RouteButton to={edit[1]} type="primary">
          {t('actions.edit')}
        </RouteButton>
      )}
      {may(...remove.roles) && (
        <Popconfirm
          title={remove.confirm}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          onConfirm={() => deletion.mutate()}
        >
          <Button danger loading={deletion.isPending}>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      )}
      <Button onClick={() => navigate(back)}>{t('actions.back')}</Button>
    </Space>
  );
}
