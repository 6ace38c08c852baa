// A resource created and edited in a dialog of its list, not on pages of its own (its description
// names only a list page: vehicle groups, operator groups, maintenance items). Which record the
// dialog holds, the list's "New" for whoever may create, and a row's "Edit" for whoever may edit
// are one rule on every such list: this hook.
import type { ResourceDescription } from '@fleetlens/contracts';
import { useState } from 'react';
import { useMayAct } from '../../routes/useMay';
import type { ListCreate } from './ListToolbar';
import { ActionButton } from './rowActions';

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
