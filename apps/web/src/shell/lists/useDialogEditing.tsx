// A resource created and edited in a dialog of its list, not on pages of its own (its description
// names only a list page: vehicle groups, operator groups, maintenance items). Which record the
// dialog holds, the list's "New" for whoever may create, and a row's "Edit" for whoever may edit
// are one rule on every such list: this hook; useDialogList adds the resource's list around it.
import type { ResourceDescription } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { ListParams } from '../../api/listQuery';
import type { ListResource } from '../../api/resource';
import { useMayAct } from '../../routes/useMay';
import type { ListCreate } from './ListToolbar';
import { ActionButton } from './rowActions';
import { type ResourceListOptions, useResourceList } from './useResourceList';

export function useDialogEditing<T>(resource: ResourceDescription, labels: { create: string; edit: string }) {
  const mayAct = useMayAct();
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const create: ListCreate | false = mayAct(resource, 'create') && {
    label: labels.create,
    onClick: () => setEditing(null),
  };
  return {
    /** The record in the dialog: null for a new one; undefined while the dialog is closed. */
    editing,
    close: () => setEditing(undefined),
    /** ListPage's `create`: "New" opens the dialog empty. */
    create,
    /** A row's "Edit", for whoever may edit; nothing for the others. */
    editButton: (row: T) =>
      mayAct(resource, 'edit') && <ActionButton onClick={() => setEditing(row)}>{labels.edit}</ActionButton>,
  };
}

/**
 * The resource's list (useResourceList) whose "New" opens the dialog, and the dialog; a row's
 * "Edit" is `actions.edit` of the feature's words.
 */
export function useDialogList<T extends { id: string }, P extends ListParams>(
  resource: ListResource<T, P> & { resource: ResourceDescription },
  t: TFunction,
  options: ResourceListOptions<P>,
  createLabel: string,
) {
  const dialog = useDialogEditing<T>(resource.resource, { create: createLabel, edit: t('actions.edit') });
  const list = useResourceList(resource, t, options);
  return { dialog, list: { ...list, page: { ...list.page, create: dialog.create } } };
}
