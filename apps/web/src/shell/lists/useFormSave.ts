// What every form shares when it saves: on success a "Saved." notice, the cached lists refetched
// and the way back; on refusal the server's messages under their fields (the error toast is the
// API client's).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';

export interface FormSaveOptions<V> {
  form: FormInstance;
  save: (values: V) => Promise<unknown>;
  /** The queries the change makes stale. */
  invalidate: QueryKey;
  /** Where the user goes after saving. */
  back: string;
  /** Maps the server's field names to the form's, where they differ. */
  fieldOf?: (field: string) => string;
}

export function useFormSave<V>({ form, save, invalidate, back, fieldOf }: FormSaveOptions<V>) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      message.success(t('form.saved'));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      navigate(back);
    },
    onError: (error) => showFieldErrors(form, error, fieldOf),
  });
}
