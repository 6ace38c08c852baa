import { serverTimeToLocal } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, fieldLabel, shownValue } from './changes';

// A catalogue as the loaded locale files give it: users:fields.*, users:notify.*, customers:live.*.
const labels: Record<string, string> = {
  'users:fields.first_name': 'First name',
  'users:fields.customer': 'Company',
  'users:notify.notify_impact': 'Impact',
  'customers:live.continuous': 'Continuous playback time',
  'customers:flags.staging': 'Staging',
};
const i18n = { t: (key: string) => labels[key] ?? key, exists: (key: string) => key in labels } as never;

describe('the audit log changes', () => {
  it("names a column by its form's label, through the form's own name for it, else by itself", () => {
    expect(fieldLabel(i18n, 'user', 'first_name')).toBe('First name');
    expect(fieldLabel(i18n, 'user', 'customer_id')).toBe('Company');
    expect(fieldLabel(i18n, 'user', 'notify_impact')).toBe('Impact');
    expect(fieldLabel(i18n, 'customer', 'live_continuous_seconds')).toBe('Continuous playback time');
    expect(fieldLabel(i18n, 'customer', 'staging')).toBe('Staging');
    expect(fieldLabel(i18n, 'user', 'failed_login_count')).toBe('failed_login_count');
    expect(fieldLabel(i18n, 'vehicle', 'name')).toBe('name');
  });

  it('shows stored times in the browser zone as the console does, days and other values as they are', () => {
    const stored = '2026-11-23T13:21:11.123456+00:00';
    expect(shownValue(stored)).toBe(serverTimeToLocal('2026-11-23 13:21:11'));
    expect(shownValue('2026-11-23T04:21:11+09:00')).toBe(serverTimeToLocal('2026-11-22 19:21:11'));
    expect(shownValue('2026-11-23')).toBe('2026-11-23');
    expect(shownValue(null)).toBe('—');
    expect(shownValue(['a'])).toBe('["a"]');
    expect(
      changedFields({
        before: { name: 'A', updated_at: '2026-01-01T00:00:00+00:00' },
        after: { name: 'B', updated_at: '2026-01-02T00:00:00+00:00' },
      }),
    ).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
  });
});
