// What every form shares when it saves: on success a "Saved." notice, the cached lists refetched
// and the way back; on refusal the server's messages under their fields, nested ones too
// (cameras.1.camera_id, memos.0), and those of fields the screen does not show in an error
// notice of their own, so no reason for a refusal goes unseen (the API client's toast says only
// that fields are not valid).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';

export interface FormSaveOptions<V, R> {
  form: FormInstance;
  save: (values: V) => Promise<R>;
  /** The queries the change makes stale. */
  invalidate: QueryKey;
  /** Where the user goes after saving (a function of the server's answer), or nowhere. */
  back?: string | ((answer: R) => string);
  /** Maps the server's field names to the form's, where they differ. */
  fieldOf?: (field: string) => string;
}

export function useFormSave<V, R = unknown>({
  form,
  save,
  invalidate,
  back,
  fieldOf,
}: FormSaveOptions<V, R>) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (answer) => {
      message.success(t('form.saved'));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      if (back) navigate(typeof back === 'string' ? back : back(answer));
    },
    onError: (error) => {
      const unplaced = showFieldErrors(form, error, fieldOf);
      if (unplaced.length > 0) message.error({ content: unplaced.join(' '), duration: 10 });
    },
  });
}
