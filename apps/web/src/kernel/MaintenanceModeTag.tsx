// The mark of a vehicle in maintenance mode (taken out of service by its manager), wherever a
// vehicle is shown: the vehicle list and page, the maps' list and popup (the map's labels carry
// the same words on a second line, map/geojson.ts). One piece, so every screen says it in the same
// words and colour; nothing is shown for a vehicle in service.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type MaintenanceModeTagProps = { on: boolean | undefined; compact?: boolean };

export function MaintenanceModeTag({ on, compact = false }: MaintenanceModeTagProps) {
  const { t } = useTranslation('maps');
  if (!on) return null;
  return (
    <Tag
      color="warning"
      data-testid="maintenance-mode"
      style={compact ? { marginInline: 4, fontSize: 11, lineHeight: '16px', paddingInline: 4 } : undefined}
    >
      {t('maintenanceMode')}
    </Tag>
  );
}
