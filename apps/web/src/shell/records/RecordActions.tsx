// The actions above one record's page, in its feature's words (keys of a fixed shape, as the
// lists' edit-and-delete column: `actions.edit`, `actions.delete`, `actions.cancel`,
// `actions.back`, `deleted`): Edit for those who may open the description's edit page, the
// page's own actions, Delete (asked first) for those who hold one of the delete action's roles,
// and Back to the list. A done delete says so, makes the feature's queries stale and goes back to
// the list; a refused one shows the server's message (the API client's toast).
import { editLink, listAddress, type ResourceDescription, removeRoles } from '@fleetlens/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { RouteButton } from '../RouteButton';

export type RecordDelete = {
  /** The question before it, naming the record. */
  confirm: string;
  call: () => Promise<unknown>;
  /** The queries a done delete makes stale (the feature's `keys.all`). */
  invalidate: QueryKey;
};

export type RecordActionsProps = {
  description: ResourceDescription;
  /** The feature's namespace. */
  labels: string;
  id: string;
  /** Delete, with the roles of the description's delete action; none when not given. */
  remove?: RecordDelete | undefined;
  /** Offers Back to the list. */
  back?: boolean | undefined;
  /** The page's own actions, after Edit. */
  children?: ReactNode;
};

export function RecordActions({ description, labels, id, remove, back, children }: RecordActionsProps) {
  const { t } = useTranslation(labels);
  const canOpen = useCanOpen();
  const may = useMay();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const list = description.pages.list && listAddress(description);
  const deletion = useMutation({
    mutationFn: () => remove?.call() ?? Promise.resolve(),
    onSuccess: async () => {
      message.success(t('deleted'));
      if (remove) await queryClient.invalidateQueries({ queryKey: remove.invalidate });
      if (list) navigate(list);
    },
  });
  const edit = description.pages.edit && editLink(description, id);
  const removers = removeRoles(description);
  return (
    <Space wrap>
      {edit && canOpen(edit[0]) && (
        <RouteButton to={edit[1]} type="primary">
          {t('actions.edit')}
        </RouteButton>
      )}
      {children}
      {remove && removers && may(...removers) && (
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
      {back && list && <Button onClick={() => navigate(list)}>{t('actions.back')}</Button>}
    </Space>
  );
}
