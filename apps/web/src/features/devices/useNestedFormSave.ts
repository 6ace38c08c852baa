// Saving a form whose fields nest (cameras.1.camera_id, thresholds.impact.duration,
// panic_button_values.2): like the shell's useFormSave, but each server message goes under the
// nested field it names. Messages for fields the screen does not show are handed back, so the
// screen can say them above the form instead of losing them.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';

type FieldMessage = { field: string; message: string };
type Path = (string | number)[];

export interface NestedFormSaveOptions<V, R> {
  form: FormInstance;
  save: (values: V) => Promise<R>;
  invalidate: QueryKey;
  /** Where the user goes after saving (a function of the answer), or nowhere. */
  back?: string | ((answer: R) => string);
}

const pathOf = (field: string): Path =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export function useNestedFormSave<V, R = unknown>({
  form,
  save,
  invalidate,
  back,
}: NestedFormSaveOptions<V, R>) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => setUnplaced([]),
    onSuccess: async (answer) => {
      message.success(t('form.saved'));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      if (back) navigate(typeof back === 'string' ? back : back(answer));
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fields = (error.data as { fields?: FieldMessage[] } | undefined)?.fields ?? [];
      const placed = new Map<string, { name: Path; errors: string[] }>();
      const rest: string[] = [];
      for (const { field, message: text } of fields) {
        const name = pathOf(field);
        if (!isShown(form, name)) {
          rest.push(text);
          continue;
        }
        const entry = placed.get(field) ?? { name, errors: [] };
        entry.errors.push(text);
        placed.set(field, entry);
      }
      form.setFields([...placed.values()]);
      setUnplaced(rest);
    },
  });
  return { ...mutation, unplaced };
}

/** Whether the form shows a field at this path (Form.Items register themselves). */
function isShown(form: FormInstance, name: Path): boolean {
  const wanted = JSON.stringify(name);
  let shown = false;
  form.getFieldsValue(true, (meta) => {
    if (meta && JSON.stringify(meta.name) === wanted) shown = true;
    return false;
  });
  return shown;
}
