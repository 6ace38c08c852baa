// The IANA time zones this browser knows, for every picker of a zone (a firmware rollout's window,
// a safety zone's allowed hours), and the browser's own zone, their default.
const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

export const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
