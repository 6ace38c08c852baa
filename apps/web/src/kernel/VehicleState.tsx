// The state a vehicle or device row shows: running or stopping while online, else offline, with
// how long it has been so; the maps' colours and words. Part of the web's shared kernel: the
// vehicle, device, case and map features all show it, none owns it. Pushed states go into the
// query cache (liveLinkStates), so a row's state follows the device without a reload.
import {
  displayedSince,
  displayedState,
  LINK_STATE_FILTERS,
  type LinkState,
  type LinkStateFilter,
  timeAgo,
} from '@fleetlens/contracts';
import { Select, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SHADE_COLOURS } from './stateColours';

// One clock for every badge on the page: "since" text moves every ten seconds. A yard's vehicles
// start and stop within the minute, so a clock of minutes showed "Running · 0 min" all day long;
// under a minute the badge counts seconds.
const TICK_MS = 10_000;
let tick = Math.floor(Date.now() / TICK_MS);
const clockListeners = new Set<() => void>();
let clock: ReturnType<typeof setInterval> | undefined;
function subscribeClock(listener: () => void): () => void {
  clockListeners.add(listener);
  clock ??= setInterval(() => {
    tick = Math.floor(Date.now() / TICK_MS);
    for (const l of clockListeners) l();
  }, TICK_MS);
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) {
      clearInterval(clock);
      clock = undefined;
    }
  };
}

/** How long a state has lasted: seconds (by tens) under a minute, else timeAgo's minutes, hours or days. */
function sinceText(t: TFunction, since: string, ago: ReturnType<typeof timeAgo>) {
  const seconds = (Date.now() - Date.parse(since)) / 1000;
  if (ago.unit === 'minute' && ago.value === 0 && seconds >= 0)
    return t('since.second', { count: Math.floor(seconds / 10) * 10 });
  return t(`since.${ago.unit}`, { count: ago.value });
}

/** `compact`: the dot and the word only, no frame and no time, for a picker's option. */
/** The coloured dot before a state's word (the map's colours, layers.ts SHADE_COLOURS). */
export function StateDot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        marginInlineEnd: 6,
        background: colour,
      }}
    />
  );
}

export type VehicleStateProps = { state: LinkState | null; compact?: boolean };

export function VehicleState({ state, compact = false }: VehicleStateProps) {
  const { t } = useTranslation('maps');
  useSyncExternalStore(subscribeClock, () => tick);
  const shown = displayedState(state);
  const since = displayedSince(state);
  const colour = SHADE_COLOURS[shown ?? 'unknown'];
  const ago = since ? timeAgo(since) : null;
  const title = since ? dayjs(since).format('YYYY-MM-DD HH:mm:ss') : undefined;
  const dot = <StateDot colour={colour} />;
  if (compact)
    return (
      <span data-state={shown ?? 'unknown'} title={title} style={{ whiteSpace: 'nowrap', opacity: 0.75 }}>
        {dot}
        {t(`shade.${shown ?? 'unknown'}`)}
      </span>
    );
  return (
    <Tag data-state={shown ?? 'unknown'} title={title} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      {dot}
      {t(`shade.${shown ?? 'unknown'}`)}
      {ago && ` · ${sinceText(t, since ?? '', ago)}`}
    </Tag>
  );
}

export type VehicleOptionLabelProps = { label: string; state: LinkState | null };

/** A picker's option: the vehicle's name (and what follows it) with its compact state at the end. */
export function VehicleOptionLabel({ label, state }: VehicleOptionLabelProps) {
  return (
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
      <VehicleState state={state} compact />
    </span>
  );
}

/** The state as text, for exports. */
export function vehicleStateText(t: (key: string) => string, state: LinkState | null) {
  const shown = displayedState(state);
  const since = displayedSince(state);
  const label = t(`maps:shade.${shown ?? 'unknown'}`);
  return since ? `${label} (${dayjs(since).format('YYYY-MM-DD HH:mm:ss')})` : label;
}

export type VehicleStateFilterProps = {
  value: LinkStateFilter | undefined;
  onChange: (value: LinkStateFilter | undefined) => void;
};

/** The lists' state filter (the server's `state=`). */
export function VehicleStateFilter({ value, onChange }: VehicleStateFilterProps) {
  const { t } = useTranslation('maps');
  const label = (s: LinkStateFilter) =>
    s === 'online' || s === 'offline' ? t(`link.${s}`) : t(`shade.${s}`);
  return (
    <Select
      allowClear
      aria-label={t('fields.state')}
      placeholder={t('fields.state')}
      style={{ width: 160 }}
      value={value}
      options={LINK_STATE_FILTERS.map((s) => ({ value: s, label: label(s) }))}
      onChange={(next?: LinkStateFilter) => onChange(next)}
    />
  );
}
