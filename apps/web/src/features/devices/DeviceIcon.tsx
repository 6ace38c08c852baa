// The device's map marker: a pin in the device's colour (spec §3 "icon").
import type { Device } from '@fleetlens/contracts';

const COLOURS: Record<Device['icon'], string> = {
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#d46b08',
  red: '#cf1322',
  purple: '#722ed1',
  grey: '#595959',
};

export type DeviceIconProps = { icon: Device['icon']; size?: number };

export function DeviceIcon({ icon, size = 16 }: DeviceIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={{ verticalAlign: 'middle' }}
    >
      <path
        d="M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7z"
        fill={COLOURS[icon] ?? COLOURS.blue}
      />
      <circle cx="12" cy="9" r="2.6" fill="#fff" />
    </svg>
  );
}
