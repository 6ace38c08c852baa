// A chart's name as the reader reads it. The default charts are stored under their template's name
// in the language of the first visit (server charts/service.ts); a reader in another language
// would see them in that one. A name that is still a template's default name, in any language, is
// shown as that template's name in the reader's language; a name someone wrote stays as written.
import type { Chart } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

// Four small catalogues, eagerly: the test must know every language's default names at once.
const catalogues = import.meta.glob<{ templates: Record<string, string> }>(
  '../../../../../packages/contracts/locales/*/dashboard.json',
  { eager: true, import: 'default' },
);
const DEFAULT_NAMES = new Set(
  Object.values(catalogues).flatMap((catalogue) =>
    Object.entries(catalogue.templates).map(([template, name]) => `${template}\n${name}`),
  ),
);

export function chartName(chart: Pick<Chart, 'name' | 'template'>, t: TFunction): string {
  return DEFAULT_NAMES.has(`${chart.template}\n${chart.name}`)
    ? t(`dashboard:templates.${chart.template}`)
    : chart.name;
}
