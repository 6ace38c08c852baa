// What every form and dialog does when it saves. On success: a "Saved." notice, the stale queries
// refetched, the form's tab closed and the way back taken (a saved form is done with; kept open,
// its tab would hold the old input). On refusal: the server's messages under their fields, nested
// ones too (cameras.1.camera_id, memos.0), and those of fields the screen does not show in a
// notice of their own, so no reason for a refusal goes unseen. One save at a time: a second
// Enter (or click) while the first is on its way sends nothing.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';
import { useTagsIfShown } from '../tags/TagsContext';

export type SaveOptions<V, A> = {
  form: FormInstance;
  save: (values: V) => Promise<A>;
  /** The queries the change makes stale; 'all' when it touches several features. */
  invalidate: QueryKey | 'all';
  /** Where the user goes after saving (a function of the server's answer); the tab closes. */
  back?: string | ((answer: A) => string) | undefined;
  /** Called after saving, for a dialog to close or a page to reset itself. */
  onSaved?: ((answer: A) => void) | undefined;
  /** The notice of success; "Saved." when not given. */
  savedText?: string | ((answer: A) => string) | undefined;
  /** Maps the server's field names to the form's, where they differ. */
  fieldOf?: ((field: string) => string) | undefined;
  /** Called on a refusal with the messages no field took (a screen that says them itself). */
  onRefused?: ((error: Error, unplaced: string[]) => void) | undefined;
};

export type Save<V> = { submit: (values: V) => void; saving: boolean };

export function useSave<V, A = unknown>(options: SaveOptions<V, A>): Save<V> {
  const { form, save, invalidate, back, onSaved, savedText, fieldOf, onRefused } = options;
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The save ends after renders: it closes the tab through the tabs of now, not of its start.
  const shownTags = useTagsIfShown();
  const tags = useRef(shownTags);
  tags.current = shownTags;
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: (values: V) => save(values),
    onSuccess: async (answer) => {
      message.success(typeof savedText === 'function' ? savedText(answer) : (savedText ?? t('form.saved')));
      onSaved?.(answer);
      // Away at once, then the refetch: a user who moves on while the lists reload is not pulled
      // back to the form afterwards.
      const to = back === undefined ? undefined : typeof back === 'string' ? back : back(answer);
      // A form that stays where it is (an edited SIM's own page) keeps its tab.
      if (to !== undefined && to.split('?')[0] !== pathname) {
        tags.current?.close(pathname);
        navigate(to);
      }
      await queryClient.invalidateQueries(invalidate === 'all' ? undefined : { queryKey: invalidate });
    },
    onError: (error) => {
      const unplaced = showFieldErrors(form, error, fieldOf);
      if (onRefused) onRefused(error, unplaced);
      else if (unplaced.length > 0) message.error({ content: unplaced.join(' '), duration: 10 });
    },
  });
  return {
    saving: mutation.isPending,
    submit: (values) => {
      if (busy.current) return;
      busy.current = true;
      mutation.mutateAsync(values).then(
        () => {
          busy.current = false;
        },
        () => {
          busy.current = false;
        },
      );
    },
  };
}
