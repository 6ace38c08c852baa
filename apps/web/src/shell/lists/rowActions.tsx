// A list row's actions: the column that holds them, the delete link that asks first, and the
// delete itself. A refused delete (a group that still has vehicles) shows the server's message
// in the API client's error toast; a done one says so and refetches the list.

import { pageAddress, type ResourceDescription, type RouteName, removeRoles } from '@fleetlens/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Popconfirm, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
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
  /** A row's other actions between edit and delete. */
  after?: (row: T) => ReactNode;
};

/** The actions column most lists have: their own links, edit, their other links, then delete. */
export function editDeleteColumn<T>({
  title,
  edit,
  remove,
  more,
  after,
}: EditDeleteOptions<T>): ListColumn<T> {
  return actionsColumn(title, (row) => (
    <>
      {more?.(row)}
      {edit && <Link to={edit.path(row)}>{edit.label}</Link>}
      {after?.(row)}
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

/** What a delete needs of a resource (`resourceApi`): its call and the queries it makes stale. */
export type Removable = { remove: (id: string) => Promise<unknown>; keys: { all: QueryKey } };

export type EditDeleteSpec<T> = {
  /**
   * A described resource (`resourceApi(description)`): its edit page (the row's address in it)
   * and its delete action, unless `edit` or `remove` say otherwise (false: none).
   */
  resource?: Removable & { resource: ResourceDescription };
  /** The edit route's name and the row's address in it. */
  edit?: readonly [RouteName, (row: T) => string] | false;
  /** Who may delete (roles or privileges) and what is deleted. */
  remove?: readonly [readonly string[], Removable] | false;
  /** The question before a delete, where it does not name the row by its `name`. */
  confirm?: (row: T) => string;
  /** A row's other actions, before edit and delete. */
  more?: (row: T) => ReactNode;
  /** A row's other actions between edit and delete. */
  after?: (row: T) => ReactNode;
};

/**
 * The edit-and-delete column of a list, in its feature's words (the react-admin way: keys of a
 * fixed shape): `actions.title`, `actions.edit`, `actions.delete`, `confirmDelete` with the row's
 * name, and `deleted` when done. Edit shows to those who may open the route, delete to those
 * who hold one of its roles.
 */
export function useEditDeleteColumn<T extends { id: string; name?: string }>(
  t: TFunction,
  spec: EditDeleteSpec<T>,
): ListColumn<T> {
  const { confirm, more, after } = spec;
  const edit = (spec.edit ?? (spec.resource && describedEdit<T>(spec.resource.resource))) || undefined;
  const remove = (spec.remove ?? (spec.resource && describedRemove(spec.resource))) || undefined;
  const canOpen = useCanOpen();
  const may = useMay();
  const deletion = useRowDelete({
    remove: remove?.[1].remove ?? (async () => undefined),
    invalidate: remove?.[1].keys.all ?? [],
    deleted: t('deleted'),
  });
  return editDeleteColumn<T>({
    title: t('actions.title'),
    more,
    after,
    edit: !!edit && canOpen(edit[0]) && { label: t('actions.edit'), path: edit[1] },
    remove: !!remove &&
      may(...remove[0]) && {
        label: t('actions.delete'),
        confirm: confirm ?? ((row) => t('confirmDelete', { name: row.name })),
        onConfirm: (row) => deletion.mutate(row.id),
      },
  });
}

/** A described resource's edit page and a row's address in it. */
function describedEdit<T extends { id: string }>(
  resource: ResourceDescription,
): readonly [RouteName, (row: T) => string] | undefined {
  const page = resource.pages.edit;
  return page && [page, (row: T) => pageAddress(page, { id: row.id })];
}

/** A described resource's delete action: its roles and its call. */
function describedRemove(api: Removable & { resource: ResourceDescription }) {
  const roles = removeRoles(api.resource);
  return roles && ([roles, api] as const);
}
