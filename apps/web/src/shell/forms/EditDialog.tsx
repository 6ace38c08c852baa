// The edit dialog: the edit page's save (useSave) in a modal, for records small enough to edit
// over their list (a group's name and description). The record comes from the list, so there is
// nothing to load; Enter and OK never send twice, and a saved dialog closes.
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabels } from './FormSection';
import { type SaveOptions, useSave } from './useSave';

export type EditDialogProps<V, A> = Omit<SaveOptions<V, A>, 'form' | 'back'> & {
  open: boolean;
  title: ReactNode;
  /** The form's values when the dialog opens (the record's, or a new record's). */
  values?: Partial<V> | undefined;
  onClose: () => void;
  form?: FormInstance<V> | undefined;
  /** The namespace whose `fields.<name>` labels the field items given none (FieldLabels). */
  labels?: string | undefined;
  children: ReactNode;
};

export function EditDialog<V, A = unknown>({
  open,
  title,
  values,
  onClose,
  form: given,
  labels,
  children,
  onSaved,
  ...saveOptions
}: EditDialogProps<V, A>) {
  const { t } = useTranslation('shell');
  const [made] = Form.useForm<V>();
  const form = given ?? made;
  const { submit, saving } = useSave<V, A>({
    ...saveOptions,
    form,
    onSaved: (answer) => {
      onSaved?.(answer);
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form each time it opens
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" onFinish={submit}>
        <FieldLabels ns={labels}>{children}</FieldLabels>
      </Form>
    </Modal>
  );
}
