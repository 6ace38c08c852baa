// /zones: the site safety zones of the companies the user may see, each with its kind, company
// (its location), rules in a few words and last change; found by name, filtered by company, sorted
// on the server; edit and delete (confirmed) for those allowed.
import { ZONE_KINDS, type Zone } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, nameColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { zones } from './api';
import { rulesText } from './ruleText';

export function ZonesPage() {
  const { t } = useTranslation('zones');
  const list = useResourceList(zones, t, { words: 'list.', sort: 'customer' });
  const columns: ListColumn<Zone>[] = [
    nameColumn(t('fields.name')),
    textColumn(t('fields.kind'), 'kind', (z) => t(`kinds.${z.kind}`), {
      sorter: true,
      codes: ZONE_KINDS,
    }),
    customerColumn(t('fields.location')),
    textColumn(t('fields.rules'), 'rules', (z) => rulesText(t, z.rules)),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Zone>(t, { resource: zones }),
  ];
  const filters = <CustomerFilter list={list} />;
  return <ListPage list={list} filters={filters} columns={columns} />;
}
