// The edit page every record form of the console is: load the record (a skeleton meanwhile, the
// error with Retry if it fails), map it to the form's values, save, put the server's refusals
// under their fields, never send twice, and on success close the tab and go back. A screen is
// only its fields (children) and its mapping; see useSave for the save and QueryState for the
// states before the form.
import { pageAddress, type ResourceDescription } from '@fleetlens/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, type FormProps, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryState } from '../QueryState';
import { FieldLabels } from './FormSection';
import { type SaveOptions, useSave } from './useSave';

export type RecordLoad<R> = {
  queryKey: QueryKey;
  queryFn: () => Promise<R>;
  /** Looks again while the record is settling (a SIM waiting for its carrier). */
  refetchInterval?: (data: R | undefined) => number | false;
};

export type EditPageProps<V, R, A> = Omit<SaveOptions<V, A>, 'form'> & {
  /** The record edited; undefined for a new one. */
  load?: RecordLoad<R> | undefined;
  /** The form's values of the loaded record. */
  toValues?: ((record: R) => Partial<V>) | undefined;
  /** The values of a new record, and of fields the record leaves empty. */
  initialValues?: Partial<V> | undefined;
  /** A form made by the screen, when its fields need it (Form.useWatch); one is made otherwise. */
  form?: FormInstance<V> | undefined;
  /** The namespace whose `fields.<name>` labels the field items given none (FieldLabels). */
  labels?: string | undefined;
  /** The fields; a function of the record once it is loaded. */
  children: ReactNode | ((record: R | undefined) => ReactNode);
  /** The title of a card the form stands in (the record's name). */
  title?: ((record: R | undefined) => ReactNode) | undefined;
  /** Shown above the form, once the record is there (its status, its actions). */
  before?: ((record: R | undefined) => ReactNode) | undefined;
  /** Buttons after Save and Cancel. */
  actions?: ((record: R | undefined) => ReactNode) | undefined;
  /** Where Cancel goes (-1: the previous page); `back` when it is an address, else the previous page. */
  cancelTo?: string | -1 | undefined;
  /** False shows the record without a way to change it. */
  editable?: boolean | undefined;
  /** Hides Cancel (a form that is one part of a page). */
  noCancel?: boolean | undefined;
  /** The label of Cancel ("Back" on a page that is also a record's view). */
  cancelText?: string | undefined;
  /** The label of Save, where the form asks for something rather than saves it ("Request video"). */
  saveText?: string | undefined;
  style?: FormProps['style'];
  onValuesChange?: FormProps<V>['onValuesChange'];
};

/** A feature's query keys of its records (the list's and each record's). */
export type RecordKeys = { all: QueryKey; one: (id: string) => QueryKey };

/**
 * The record a form at `…/:id/edit` edits (none at `…/new`) and the form: its id, the form, and
 * the edit page's `load`, `invalidate`, `labels` (the feature's namespace) and `form`
 * (`<EditPage {...record}>`).
 */
export function useEditedRecord<V, R>(keys: RecordKeys, fetch: (id: string) => Promise<R>, labels: string) {
  const { id } = useParams();
  const [form] = Form.useForm<V>();
  const load: RecordLoad<R> | undefined = id
    ? { queryKey: keys.one(id), queryFn: () => fetch(id) }
    : undefined;
  return { id, form, record: { load, invalidate: keys.all, labels, form } };
}

/**
 * `useEditedRecord` of a described resource (`resourceApi(description)`): its keys and its call,
 * and `back`, its list page, where a save or Cancel goes.
 */
export function useResourceRecord<V, R>(
  resource: { keys: RecordKeys; one: (id: string) => Promise<R>; resource: ResourceDescription },
  labels: string,
) {
  const edited = useEditedRecord<V, R>(resource.keys, resource.one, labels);
  const list = resource.resource.pages.list;
  return { ...edited, record: { ...edited.record, back: list && pageAddress(list) } };
}

/** Where Cancel (and Back of a failed load) goes; undefined for the previous page. */
function cancelPath({ cancelTo, back }: { cancelTo?: string | -1 | undefined; back?: unknown }) {
  if (cancelTo === -1) return undefined;
  return cancelTo ?? (typeof back === 'string' ? back : undefined);
}

export function EditPage<V, R = unknown, A = unknown>(props: EditPageProps<V, R, A>) {
  const { load } = props;
  const record = useQuery({
    queryKey: load?.queryKey ?? ['edit-page', 'new'],
    queryFn: load?.queryFn ?? (async () => undefined as R),
    enabled: !!load,
    refetchInterval: load?.refetchInterval
      ? (query) => load.refetchInterval?.(query.state.data) ?? false
      : false,
  });
  if (load && record.data === undefined) {
    return <QueryState query={record} back={cancelPath(props)} record />;
  }
  return <EditForm<V, R, A> {...props} record={record.data} />;
}

function EditForm<V, R, A>({
  record,
  load,
  toValues,
  initialValues,
  form: given,
  labels,
  children,
  title,
  before,
  actions,
  cancelTo,
  editable = true,
  noCancel,
  cancelText,
  saveText,
  style,
  onValuesChange,
  ...saveOptions
}: EditPageProps<V, R, A> & { record: R | undefined }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [made] = Form.useForm<V>();
  const form = given ?? made;
  const { submit, saving } = useSave<V, A>({ ...saveOptions, form });
  // A newer copy of the record (refetched, or polled) fills the form until the user starts on it;
  // the first copy is the form's initial values.
  const shown = useRef(record);
  const mapping = useRef(toValues);
  mapping.current = toValues;
  useEffect(() => {
    if (record === shown.current) return;
    shown.current = record;
    const map = mapping.current;
    if (record !== undefined && map && !form.isFieldsTouched())
      form.setFieldsValue(map(record) as Parameters<typeof form.setFieldsValue>[0]);
  }, [record, form]);
  const cancel = cancelPath({ cancelTo, back: saveOptions.back });
  const page = (
    <>
      {before?.(record)}
      <Form<V>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{ ...initialValues, ...(record !== undefined && toValues ? toValues(record) : {}) }}
        onFinish={submit}
        scrollToFirstError
        style={style}
        onValuesChange={onValuesChange}
      >
        <FieldLabels ns={labels}>{typeof children === 'function' ? children(record) : children}</FieldLabels>
        <Space wrap>
          {editable && (
            <Button type="primary" htmlType="submit" loading={saving}>
              {saveText ?? t('form.save')}
            </Button>
          )}
          {actions?.(record)}
          {!noCancel && (
            <Button disabled={false} onClick={() => (cancel ? navigate(cancel) : navigate(-1))}>
              {cancelText ?? t('form.cancel')}
            </Button>
          )}
        </Space>
      </Form>
    </>
  );
  return title ? (
    <Card title={title(record)} size="small">
      {page}
    </Card>
  ) : (
    page
  );
}
