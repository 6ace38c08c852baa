// A vehicle type's icon (spec §3): variant A is the plain silhouette in the text colour, variant
// B the same silhouette cut out of a rounded tile of the text colour. One set, one grid.
import type { VehicleIcon, VehicleType } from '@fleetlens/contracts';
import { VEHICLE_SHAPES } from './vehicleShapes';

export type VehicleTypeIconProps = {
  type: VehicleType;
  variant?: VehicleIcon;
  /** Height in pixels; the icon is 1.5 times as wide. */
  size?: number;
  /** The accessible name; without it the icon is decorative. */
  title?: string;
};

export function VehicleTypeIcon({ type, variant = 'a', size = 24, title }: VehicleTypeIconProps) {
  const tile = variant === 'b';
  return (
    <svg
      viewBox="0 0 48 32"
      width={size * 1.5}
      height={size}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ display: 'inline-block', verticalAlign: 'middle', flex: 'none' }}
      data-vehicle-icon={`${type}-${variant}`}
    >
      {title && <title>{title}</title>}
      {tile && <rect width="48" height="32" rx="6" fill="currentColor" />}
      <g fill={tile ? '#fff' : 'currentColor'} transform={tile ? 'translate(5 3.5) scale(0.79)' : undefined}>
        {VEHICLE_SHAPES[type]}
      </g>
    </svg>
  );
}
