// The audit log names every kind of record it keeps and every change in the four languages: each
// entity of the contracts' list (the described resources' and the other writes', maintenance's
// among them) and each action has its label in audit's locale files, in the language's own script
// (not a raw key, not English left in place); and a maintenance record's columns take the
// maintenance screens' labels, a safety zone's the zone form's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, LANGUAGES, type Language } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './changes';

type Labels = { entities: Record<string, string>; actions: Record<string, string> };
const labelsOf = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8')) as Labels;
const maintenanceLabels = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'maintenances', 'locales', `${lang}.json`), 'utf8'),
  ) as { fields: Record<string, string>; sections: Record<string, string> };

const zoneLabels = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'zones', 'locales', `${lang}.json`), 'utf8')) as {
    fields: Record<string, string>;
  };

/** An i18n that knows one feature's labels, in English. */
const i18nOf = (ns: string, labels: Record<string, Record<string, string>>) => {
  const lookup = (key: string) => {
    const [, space = '', group = '', name = ''] = /^(\w+):(\w+)\.(\w+)$/.exec(key) ?? [];
    return space === ns ? labels[group]?.[name] : undefined;
  };
  return { t: (key: string) => lookup(key) ?? key, exists: (key: string) => !!lookup(key) } as never;
};

const SCRIPT: Record<Language, RegExp> = {
  en: /^[A-Z][A-Za-z -]+$/,
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  zh: /[\u4e00-\u9fff]/,
  my: /[\u1000-\u109f]/,
};

describe('the audit log’s labels', () => {
  it('include the maintenance records', () => {
    expect(AUDIT_ENTITIES).toEqual(
      expect.arrayContaining([
        'maintenance_item',
        'maintenance',
        'maintenance_vehicle',
        'maintenance_execution',
      ]),
    );
  });

  it.each(LANGUAGES)('name every entity and action in %s', (lang) => {
    const labels = labelsOf(lang);
    const english = labelsOf('en');
    const named = [
      ...AUDIT_ENTITIES.map((e) => [e, labels.entities[e], english.entities[e]] as const),
      ...AUDIT_ACTIONS.map((a) => [a, labels.actions[a], english.actions[a]] as const),
    ];
    for (const [key, text, inEnglish] of named) {
      expect(text, `${lang}: ${key}`).toMatch(SCRIPT[lang]);
      if (lang !== 'en') expect(text, `${lang}: ${key} is English`).not.toBe(inEnglish);
    }
  });

  it('names a maintenance record’s columns as the maintenance screens do', () => {
    const en = maintenanceLabels('en');
    const lookup = (key: string) => {
      const [, group = '', name = ''] = /^maintenances:(\w+)\.(\w+)$/.exec(key) ?? [];
      return (en as unknown as Record<string, Record<string, string>>)[group]?.[name];
    };
    const i18n = { t: (key: string) => lookup(key) ?? key, exists: (key: string) => !!lookup(key) } as never;
    expect(fieldLabel(i18n, 'maintenance', 'cycle_unit')).toBe(en.fields.cycle_unit);
    expect(fieldLabel(i18n, 'maintenance', 'customer_id')).toBe(en.fields.customer);
    expect(fieldLabel(i18n, 'maintenance_item', 'name')).toBe(en.fields.name);
    expect(fieldLabel(i18n, 'maintenance_vehicle', 'maintenance_id')).toBe(en.sections.plan);
    expect(fieldLabel(i18n, 'maintenance_vehicle', 'last_hour_meter')).toBe(en.fields.last_hour_meter);
    expect(fieldLabel(i18n, 'maintenance_execution', 'recorded_by_name')).toBe(en.fields.recorded_by);
    expect(fieldLabel(i18n, 'maintenance_execution', 'done_at')).toBe(en.fields.done_at);
  });

  it('include the safety zones, whose columns read as the zone form names them', () => {
    expect(AUDIT_ENTITIES).toContain('zone');
    const en = zoneLabels('en');
    const i18n = i18nOf('zones', en);
    expect(fieldLabel(i18n, 'zone', 'customer_id')).toBe(en.fields.location);
    expect(fieldLabel(i18n, 'zone', 'polygon')).toBe(en.fields.ring);
    expect(fieldLabel(i18n, 'zone', 'time_zone')).toBe(en.fields.time_zone);
    expect(fieldLabel(i18n, 'zone', 'rules')).toBe(en.fields.rules);
  });
});
