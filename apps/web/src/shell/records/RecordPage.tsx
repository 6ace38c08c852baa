// The page of one record, as EditPage is its form and ListPage its list (twenty's record page):
// it loads the record from its described resource (QueryState meanwhile: skeleton, "not found",
// or the failure with Retry), then shows its actions (RecordActions), its title and its fields as
// a description list (RecordFields), its tabs if it has some, and whatever else the page adds.
// A screen is only its fields and what is its own.
import { listAddress, type ResourceDescription, recordParam } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { RecordKeys } from '../forms/EditPage';
import { QueryState } from '../QueryState';
import { RecordActions } from './RecordActions';
import { type RecordField, RecordFields } from './RecordFields';

/** What the page needs of a described resource: `resourceApi(description)`. */
export type RecordResource<R> = {
  keys: RecordKeys;
  one: (id: string) => Promise<R>;
  remove: (id: string) => Promise<unknown>;
  resource: ResourceDescription;
};

/** A tab of the page, chosen by the address's `tab` query so a link can open it and a reload keeps it. */
export type RecordTab<R> = { key: string; label: ReactNode; content: (record: R) => ReactNode };

export type RecordPageProps<R> = {
  resource: RecordResource<R>;
  /** The feature's namespace: `fields.<key>` label the fields, `actions.*` and `deleted` the actions. */
  labels: string;
  /** The record's name: the description list's title, or the card's in the card frame. */
  title?: ((record: R) => ReactNode) | undefined;
  /** The record's icon, before its name (an operator's chosen icon, a vehicle's type). */
  icon?: ((record: R) => ReactNode) | undefined;
  /** The fields, labelled `fields.<key>` unless they bring their label. */
  fields?: ((record: R) => RecordField[]) | undefined;
  /** Shown before the fields and tabs (a live state). */
  intro?: ((record: R) => ReactNode) | undefined;
  tabs?: RecordTab<R>[] | undefined;
  /** The question before Delete, naming the record; without it the page offers no Delete. */
  confirmDelete?: ((record: R) => string) | undefined;
  /** Offers Back to the list. */
  back?: boolean | undefined;
  /** The page's own actions, after Edit. */
  actions?: ((record: R) => ReactNode) | undefined;
  /** 'card': the title, intro, fields and tabs in one card; otherwise the fields stand alone. */
  frame?: 'card' | undefined;
  /** What the page shows after the record's own fields (its lists, figures, other cards). */
  children?: ((record: R) => ReactNode) | undefined;
};

/** The id of the record a detail page shows: its page's parameter (`:id`, `:deviceId`). */
export function useRecordId(description: ResourceDescription): string {
  return useParams()[recordParam(description, 'detail')] ?? '';
}

export function RecordPage<R>(props: RecordPageProps<R>) {
  const { resource } = props;
  const id = useRecordId(resource.resource);
  const query = useQuery({ queryKey: resource.keys.one(id), queryFn: () => resource.one(id) });
  if (query.data === undefined) {
    const { pages } = resource.resource;
    return <QueryState query={query} back={pages.list && listAddress(resource.resource)} />;
  }
  return <RecordView {...props} id={id} record={query.data} />;
}

function RecordView<R>({
  resource,
  labels,
  title,
  icon,
  fields,
  intro,
  tabs,
  confirmDelete,
  back,
  actions,
  frame,
  children,
  id,
  record,
}: RecordPageProps<R> & { id: string; record: R }) {
  const name = title?.(record);
  const heading =
    icon && name !== undefined ? (
      <Space>
        {icon(record)}
        {name}
      </Space>
    ) : (
      name
    );
  const inCard = frame === 'card';
  const body = (
    <>
      {intro?.(record)}
      {fields && (
        <RecordFields labels={labels} title={inCard ? undefined : heading} fields={fields(record)} />
      )}
      {tabs && <RecordTabs tabs={tabs} record={record} />}
    </>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <RecordActions
        description={resource.resource}
        labels={labels}
        id={id}
        remove={
          confirmDelete && {
            confirm: confirmDelete(record),
            call: () => resource.remove(id),
            invalidate: resource.keys.all,
          }
        }
        back={back}
      >
        {actions?.(record)}
      </RecordActions>
      {inCard ? (
        <Card size="small" title={heading}>
          {body}
        </Card>
      ) : (
        body
      )}
      {children?.(record)}
    </Space>
  );
}

function RecordTabs<R>({ tabs, record }: { tabs: RecordTab<R>[]; record: R }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const active = tabs.find((tab) => tab.key === asked)?.key ?? tabs[0]?.key;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setSearch({ tab: key }, { replace: true })}
      items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.content(record) }))}
    />
  );
}
