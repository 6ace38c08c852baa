// The safety zones' layer of the live maps (docs/decisions/2026-12-07-zones.md, "Zones on the live
// maps"): whoever may open the zones' list may switch it on and off. It is on by default, but off
// on a busy map (more than BUSY_VEHICLES vehicles), where the outlines would bury the vehicles; the
// user's choice then holds while the page is open. The zones come from the zones' own list, a page
// at a time, for the company the map shows (all the user sees when it shows no one company), up to
// MAP_ZONES_CAP; a map that would hold more says how many it leaves out. Nothing is asked while the
// layer is off.
import type { Zone } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Switch, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { zones as zoneApi } from '../zones/api';

/** One page of the zones' list. */
export const MAP_ZONES_PAGE = 100;
/** The most zones one map draws: a site has tens; hundreds of outlines would be unreadable anyway. */
export const MAP_ZONES_CAP = 500;
/** More vehicles than this on the map: the zones start switched off. */
export const BUSY_VEHICLES = 100;

export type MapZones = { zones: Zone[]; total: number };

/** The zones of `customerId` (or of every company the user sees), page by page up to the cap. */
export async function fetchMapZones(customerId: string | undefined): Promise<MapZones> {
  const found: Zone[] = [];
  let total = 0;
  for (let page = 1; found.length < MAP_ZONES_CAP; page++) {
    const answer = await zoneApi.list({ customer_id: customerId, page, perPage: MAP_ZONES_PAGE });
    total = answer.total;
    found.push(...answer.list);
    if (answer.list.length < MAP_ZONES_PAGE || found.length >= total) break;
  }
  return { zones: found.slice(0, MAP_ZONES_CAP), total };
}

export type ZoneLayer = {
  /** The zones to draw: none while the layer is off. */
  zones: readonly Zone[];
  /** The switch (and the note of zones left out), or null for a user who may not see zones. */
  control: ReactNode;
};

const NONE: readonly Zone[] = [];

/**
 * The zone layer of a map showing `customerId`'s vehicles; `busy`: the map holds many vehicles
 * (undefined while they are not known yet: nothing is fetched until then).
 */
export function useZoneLayer(customerId: string | undefined, busy: boolean | undefined): ZoneLayer {
  const { t } = useTranslation('maps');
  const canOpen = useCanOpen();
  const allowed = canOpen('zones');
  const [choice, setChoice] = useState<boolean | undefined>();
  const on = allowed && (choice ?? busy === false);
  const query = useQuery({
    // Under the zones' own key: a zone saved or deleted makes the map's copy stale too.
    queryKey: [...zoneApi.keys.all, 'map', customerId ?? null],
    queryFn: () => fetchMapZones(customerId),
    enabled: on,
    staleTime: 60_000,
  });
  const id = useId();
  if (!allowed) return { zones: NONE, control: null };
  const data = on ? query.data : undefined;
  return {
    zones: data?.zones ?? NONE,
    control: (
      <Space size={6}>
        <Switch id={id} size="small" checked={on} onChange={setChoice} data-testid="zone-layer" />
        <label htmlFor={id}>{t('zones.layer')}</label>
        {data && data.total > data.zones.length && (
          <Typography.Text type="secondary" data-testid="zones-capped">
            {t('zones.capped', { shown: data.zones.length, total: data.total })}
          </Typography.Text>
        )}
      </Space>
    ),
  };
}
