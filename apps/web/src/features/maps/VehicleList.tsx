// The live console's vehicle list, beside the map (in a bottom sheet on a phone): a search by
// name, one chip per state with its count, and the vehicles the two let through — the same ones
// the map shows. Clicking a vehicle follows it on the map. Long fleets: the list renders the first
// few hundred matches and asks for a narrower search, the map shows them all.
import { VideoCameraOutlined } from '@ant-design/icons';
import type { VehicleLocation } from '@fleetlens/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { SHADE_COLOURS } from '../../kernel/stateColours';
import { StateDot, VehicleState } from '../../kernel/VehicleState';
import type { VehicleShade } from './map/geojson';
import { SHADES, type VehicleFilter } from './vehicleFilter';

/** More rows than this and the list asks for a search (the map still shows every match). */
const LIST_LIMIT = 300;

export type VehicleListProps = {
  /** Every vehicle of the company shown (for the total). */
  total: number;
  /** The vehicles the search and the chips let through. */
  shown: readonly VehicleLocation[];
  counts: Record<VehicleShade, number>;
  filter: VehicleFilter;
  onFilter: (filter: VehicleFilter) => void;
  followed: string | undefined;
  onFollow: (vehicleId: string) => void;
  /** Several companies: each row names its vehicle's. */
  showCompany?: boolean;
  /** When given, each row offers the vehicle's live cameras (the live camera viewer opens them). */
  onLiveCamera?: (vehicle: VehicleLocation) => void;
};

export function VehicleList({
  total,
  shown,
  counts,
  filter,
  onFilter,
  followed,
  onFollow,
  showCompany = false,
  onLiveCamera,
}: VehicleListProps) {
  const { t } = useTranslation('maps');
  const toggle = (shade: VehicleShade, on: boolean) =>
    onFilter({
      ...filter,
      shades: on ? [...filter.shades, shade] : filter.shades.filter((s) => s !== shade),
    });
  const rows = shown.slice(0, LIST_LIMIT);
  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }} data-testid="vehicle-list">
      <Input.Search
        allowClear
        placeholder={t('dashboard.find')}
        aria-label={t('dashboard.find')}
        value={filter.search}
        onChange={(e) => onFilter({ ...filter, search: e.target.value })}
      />
      <div data-testid="vehicle-counts">
        <Typography.Text strong style={{ marginInlineEnd: 8 }}>
          {t('dashboard.total', { count: total })}
        </Typography.Text>
        <Flex wrap gap={4} style={{ marginTop: 4 }} role="group" aria-label={t('dashboard.states')}>
          {SHADES.map((s) => (
            <Button
              key={s}
              size="small"
              shape="round"
              type={filter.shades.includes(s) ? 'primary' : 'default'}
              ghost={filter.shades.includes(s)}
              aria-pressed={filter.shades.includes(s)}
              onClick={() => toggle(s, !filter.shades.includes(s))}
            >
              <StateDot colour={SHADE_COLOURS[s]} />
              {t(`shade.${s}`)}: {counts[s]}
            </Button>
          ))}
        </Flex>
      </div>
      <div style={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }}>
        {rows.length === 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', padding: 12 }}>
            {t('dashboard.noMatch')}
          </Typography.Text>
        )}
        <ul aria-label={t('dashboard.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((v) => (
            <VehicleRow
              key={v.vehicle_id}
              vehicle={v}
              followed={v.vehicle_id === followed}
              onFollow={onFollow}
              showCompany={showCompany}
              onLiveCamera={onLiveCamera}
            />
          ))}
        </ul>
        {shown.length > rows.length && (
          <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>
            {t('dashboard.more', { count: shown.length - rows.length })}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

type VehicleRowProps = Pick<VehicleListProps, 'onFollow' | 'showCompany' | 'onLiveCamera'> & {
  vehicle: VehicleLocation;
  followed: boolean;
};

function VehicleRow({ vehicle: v, followed, onFollow, showCompany, onLiveCamera }: VehicleRowProps) {
  const { t } = useTranslation('maps');
  return (
    <li
      style={{
        display: 'flex',
        alignItems: 'center',
        borderRadius: 6,
        background: followed ? '#e6f4ff' : undefined,
        borderInlineStart: `3px solid ${followed ? '#1677ff' : 'transparent'}`,
      }}
    >
      <button
        type="button"
        onClick={() => onFollow(v.vehicle_id)}
        aria-pressed={followed}
        data-name={v.name}
        style={{
          flex: 1,
          minWidth: 0,
          textAlign: 'start',
          background: 'none',
          border: 'none',
          padding: '6px 8px',
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {v.name}
          <MaintenanceModeTag on={v.maintenance_mode} compact />
        </div>
        <div style={{ fontSize: 12, color: '#595959' }}>
          <VehicleState state={v.state} />
          {v.lat === null && ` · ${t('dashboard.noPosition')}`}
          {v.motion === 'running' &&
            v.online &&
            v.speed !== null &&
            ` · ${t('units.kmh', { value: Math.round(v.speed) })}`}
          {showCompany && ` · ${v.customer.name}`}
        </div>
      </button>
      {onLiveCamera && v.device && (
        <Button
          type="text"
          size="small"
          icon={<VideoCameraOutlined />}
          aria-label={t('dashboard.liveCamera', { name: v.name })}
          onClick={() => onLiveCamera(v)}
        />
      )}
    </li>
  );
}
