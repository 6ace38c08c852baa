// /report/listings: the reports the user reads (their company's, and those of the companies above
// it), in name order, searchable by name, filtered by chart template and author, with edit and delete for those
// who set reports up; a report's name opens its detail page.
import { ACTION_ROLES, CHART_PERIODS, CHART_TEMPLATES, type Report } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourceRows } from '../../api/resource';
import { nameColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import { type ListColumn, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { reports } from './api';

export function ReportsPage() {
  const { t } = useTranslation('reports');
  const list = useResourceList(reports, t, { new: 'reportNew', sort: 'name' });
  // The authors to filter by: those of the reports the user reads (the users list may be closed to them).
  const all = useResourceRows(reports, { order_by: 'author' });
  const authors = [...new Map(all.map((r) => [r.author.id, r.author.name])).entries()].map(
    ([value, label]) => ({
      value,
      label,
    }),
  );
  const columns: ListColumn<Report>[] = [
    nameColumn(t('fields.name'), (r) => <Link to={`/report/${r.id}/detail`}>{r.name}</Link>),
    textColumn(t('fields.template'), 'template', (r) => t(`dashboard:templates.${r.template}`), {
      sorter: true,
      codes: CHART_TEMPLATES,
    }),
    textColumn(t('fields.period'), 'period', (r) => t(`report:periods.${r.period}`), {
      codes: CHART_PERIODS,
    }),
    textColumn(t('fields.on_dashboard'), 'on_dashboard', (r) => (r.on_dashboard ? t('onDashboard') : ''), {
      codes: SWITCH_CODES,
      render: (_, r) => (r.on_dashboard ? <Tag color="blue">{t('onDashboard')}</Tag> : null),
    }),
    textColumn(t('fields.author'), 'author', (r) => r.author.name, { sorter: true }),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Report>(t, {
      edit: ['reportEdit', (r) => `/report/${r.id}/edit`],
      remove: [ACTION_ROLES.reportDelete, reports],
    }),
  ];
  return (
    <ListPage
      list={list}
      filters={
        <>
          <ListFilter
            label={t('fields.template')}
            width={240}
            options={CHART_TEMPLATES.map((value) => ({ value, label: t(`dashboard:templates.${value}`) }))}
            onChange={(template) => list.refine({ template })}
          />
          <ListFilter
            label={t('fields.author')}
            width={200}
            options={authors}
            onChange={(author_id) => list.refine({ author_id })}
          />
        </>
      }
      columns={columns}
    />
  );
}
