// What a click on a vehicle shows: its name, state (the lists' badge), speed, last update, and
// links to its details, its map and its device's drive route (each only when the user may open
// it). Rendered into the map's popup, outside the router, so links are plain hash links.
import { recordAddress, type VehicleLocation, vehicleResource } from '@fleetlens/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { VehicleState } from '../../kernel/VehicleState';
import { liveCameraPath } from '../live-camera/api';
import { videoCreatePath } from '../videos/api';
import { driveRouteHref, vehicleMapHref } from './links';

export type VehiclePopupProps = {
  vehicle: VehicleLocation;
  t: TFunction;
  canOpen: (routeName: string) => boolean;
};

export function VehiclePopup({ vehicle: v, t, canOpen }: VehiclePopupProps) {
  const links: { href: string; label: string }[] = [];
  if (canOpen(vehicleResource.pages.detail))
    links.push({
      href: `#${recordAddress(vehicleResource, 'detail', v.vehicle_id)}`,
      label: t('popup.details'),
    });
  if (canOpen('vehicleMap')) links.push({ href: `#${vehicleMapHref(v)}`, label: t('popup.map') });
  if (v.device && canOpen('videoCreate'))
    links.push({ href: `#${videoCreatePath(v.vehicle_id)}`, label: t('popup.video') });
  if (v.device && canOpen('liveCameraViewer'))
    links.push({ href: `#${liveCameraPath(v.vehicle_id)}`, label: t('route:pages.liveCamera') });
  if (v.device && canOpen('deviceDriveRoute'))
    links.push({ href: `#${driveRouteHref(v.device.device_id)}`, label: t('popup.driveRoute') });
  return (
    <div className="vehicle-popup" data-testid="vehicle-popup" style={{ minWidth: 200, fontSize: 13 }}>
      <strong style={{ fontSize: 14 }}>{v.name}</strong>
      <MaintenanceModeTag on={v.maintenance_mode} compact />
      <div style={{ color: '#666', marginBottom: 6 }}>{v.customer.name}</div>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 10px', margin: 0 }}>
        <dt>{t('fields.state')}</dt>
        <dd style={{ margin: 0 }}>
          <VehicleState state={v.state} />
        </dd>
        <dt>{t('fields.speed')}</dt>
        <dd style={{ margin: 0 }}>
          {v.speed === null ? '—' : t('units.kmh', { value: Math.round(v.speed * 10) / 10 })}
        </dd>
        <dt>{t('fields.lastUpdate')}</dt>
        <dd style={{ margin: 0 }}>
          {v.position_at ? dayjs(v.position_at).format('YYYY-MM-DD HH:mm:ss') : '—'}
        </dd>
      </dl>
      {links.length > 0 && (
        <div style={{ display: 'flex', gap: 12, marginTop: 8, flexWrap: 'wrap' }}>
          {links.map((l) => (
            <a key={l.href} href={l.href}>
              {l.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
