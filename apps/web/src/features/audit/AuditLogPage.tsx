// /audit-log (admins): who changed which customer, role, user or notice, when, and what changed.
// Filtered on the server by kind of record, by a day range (the browser's days, sent in UTC) and
// by free text (actor, company or record id); a row opens onto the fields that changed.
import { AUDIT_ACTIONS, AUDIT_ENTITIES, localToServerTime, serverTimeToLocal } from '@fleetlens/contracts';
import { DatePicker, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { colourTagColumn, textColumn } from '../../shell/lists/columns';
import { filterOptions, ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import { type AuditParams, type AuditRow, auditKeys, fetchAudit } from './api';
import { changedFields, fieldLabel, shownValue } from './changes';

const ACTION_COLORS = { create: 'green', update: 'blue', delete: 'red' } as const;

function Changes({ entry }: { entry: AuditRow }) {
  const { t, i18n } = useTranslation('audit');
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={changedFields(entry)}
      locale={{ emptyText: t('noChanges') }}
      columns={[
        {
          title: t('field'),
          dataIndex: 'field',
          key: 'field',
          render: (field: string) => fieldLabel(i18n, entry.entity, field),
        },
        { title: t('before'), dataIndex: 'before', key: 'before', render: (v: string) => <code>{v}</code> },
        { title: t('after'), dataIndex: 'after', key: 'after', render: (v: string) => <code>{v}</code> },
      ]}
    />
  );
}

export function AuditLogPage() {
  const { t } = useTranslation('audit');
  const list = usePagedList<AuditRow, AuditParams>({
    key: auditKeys.list,
    fetch: fetchAudit,
    exportPath: '/audit-log',
    ...listWords(t, { name: 'auditLog', file: 'audit-log', search: true }),
    pagination: { showSizeChanger: true },
  });
  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    list.refine({
      from: start ? localToServerTime(start.startOf('day').toDate()) : undefined,
      to: end ? localToServerTime(end.add(1, 'day').startOf('day').toDate()) : undefined,
    });
  };
  const at = (e: AuditRow) => serverTimeToLocal(e.created_at);
  const customer = (e: AuditRow) => e.customer?.name ?? t('everyone');
  const entity = (e: AuditRow) => t(`entities.${e.entity}`, { defaultValue: e.entity });
  const record = (e: AuditRow) =>
    shownValue(
      e.after?.name ??
        e.before?.name ??
        e.after?.username ??
        e.before?.username ??
        e.after?.title ??
        e.before?.title ??
        e.entity_id,
    );
  const columns: ListColumn<AuditRow>[] = [
    textColumn(t('at'), 'at', at),
    {
      title: t('actor'),
      key: 'actor',
      render: (_, e) => e.actor.name,
      long: true,
      exportValue: (e) => e.actor.name,
    },
    textColumn(t('customer'), 'customer', customer, { long: true }),
    textColumn(t('entity'), 'entity', entity, { codes: AUDIT_ENTITIES }),
    colourTagColumn(
      t('action'),
      'action',
      (e) => e.action,
      (action) => t(`actions.${action}`),
      ACTION_COLORS,
      AUDIT_ACTIONS,
    ),
    textColumn(t('record'), 'record', record, { long: true }),
  ];
  return (
    <ListPage
      list={list}
      filters={
        <>
          <ListFilter
            label={t('entity')}
            placeholder={t('allEntities')}
            onChange={(entity) => list.refine({ entity })}
            options={filterOptions(AUDIT_ENTITIES, (e) => t(`entities.${e}`))}
          />
          <DatePicker.RangePicker
            aria-label={t('days')}
            placeholder={[t('fromDay'), t('toDay')]}
            onChange={(range) => onRange(range)}
          />
        </>
      }
      columns={columns}
      table={{ expandable: { expandedRowRender: (entry) => <Changes entry={entry} /> } }}
    />
  );
}
