// A list row's actions: the column that holds them, the delete link that asks first, and the
// delete itself. A refused delete (a group that still has vehicles) shows the server's message
// in the API client's error toast; a done one says so and refetches the list.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListColumn } from './useColumnChoice';

/** The actions column, fixed at the right; `render` gives a row's links (in a fragment). */
export function actionsColumn<T>(title: string, render: (row: T) => ReactNode): ListColumn<T> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_, row) => <Space size="small">{render(row)}</Space>,
  };
}

export type ActionButtonProps = Omit<ButtonProps, 'type' | 'size'>;

/** A row action that is not a route (edit in a dialog, download): drawn as a link, reached by Tab. */
export function ActionButton(props: ActionButtonProps) {
  return <Button {...props} type="link" size="small" className="fl-link-button" />;
}

export type DeleteActionProps = { label: string; confirm: string; onConfirm: () => void };

export function DeleteAction({ label, confirm, onConfirm }: DeleteActionProps) {
  return (
    <Popconfirm title={confirm} onConfirm={onConfirm}>
      <ActionButton danger>{label}</ActionButton>
    </Popconfirm>
  );
}

export type RowDeleteOptions = {
  remove: (id: string) => Promise<unknown>;
  /** The queries the delete makes stale. */
  invalidate: QueryKey;
  /** The notice when done. */
  deleted: string;
};

export function useRowDelete({ remove, invalidate, deleted }: RowDeleteOptions) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      message.success(deleted);
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}

export type EditDeleteOptions<T> = {
  title: string;
  /** The edit route's link, for those who may open it. */
  edit?: { label: string; path: (row: T) => string } | false;
  /** The delete that asks first, for those who may delete. */
  remove?: { label: string; confirm: (row: T) => string; onConfirm: (row: T) => void } | false;
  /** A row's other actions, before edit and delete. */
  more?: (row: T) => ReactNode;
};

/** The actions column most lists have: their own links, then edit and delete. */
export function editDeleteColumn<T>({ title, edit, remove, more }: EditDeleteOptions<T>): ListColumn<T> {
  return actionsColumn(title, (row) => (
    <>
      {more?.(row)}
      {edit && <Link to={edit.path(row)}>{edit.label}</Link>}
      {remove && (
        <DeleteAction
          label={remove.label}
          confirm={remove.confirm(row)}
          onConfirm={() => remove.onConfirm(row)}
        />
      )}
    </>
  ));
}
