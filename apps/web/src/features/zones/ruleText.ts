// A zone's rules in a few words for its row in the list ("Max 10 km/h · No entry").
import type { ZoneRule } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

export function ruleText(t: TFunction, rule: ZoneRule): string {
  switch (rule.type) {
    case 'speed-limit':
      return t('rules.speed', { speed: rule.speed_kmh });
    case 'no-entry':
      return t('rules.noEntry');
    case 'dwell':
      return t('rules.dwell', { count: rule.minutes });
    case 'hours':
      return t('rules.hours', { from: rule.from, to: rule.to });
  }
}

export const rulesText = (t: TFunction, rules: readonly ZoneRule[]): string =>
  rules.length === 0 ? t('rules.none') : rules.map((r) => ruleText(t, r)).join(' · ');
