// Picks a vehicle's type and icon variant in one click: the 11 types of spec §3, each in variants
// A and B. The form keeps them as two fields (vehicle_type, icon).
import { VEHICLE_ICONS, VEHICLE_TYPES, type VehicleIcon, type VehicleType } from '@fleetlens/contracts';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { VehicleTypeIcon } from '../../../kernel/VehicleTypeIcon';

export type IconPickerProps = {
  type?: VehicleType;
  variant?: VehicleIcon;
  onChange: (type: VehicleType, variant: VehicleIcon) => void;
};

export function IconPicker({ type, variant, onChange }: IconPickerProps) {
  const { t } = useTranslation('vehicles');
  const { token } = theme.useToken();
  return (
    <fieldset
      aria-label={t('fields.vehicle_type')}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, border: 0, padding: 0, margin: 0 }}
    >
      {VEHICLE_TYPES.flatMap((vt) =>
        VEHICLE_ICONS.map((v) => {
          const chosen = vt === type && v === variant;
          const label = `${t(`vehicleTypes.${vt}`)} – ${t('iconVariant', { variant: v.toUpperCase() })}`;
          return (
            <Tooltip key={`${vt}-${v}`} title={label}>
              <button
                type="button"
                aria-label={label}
                aria-pressed={chosen}
                onClick={() => onChange(vt, v)}
                style={{
                  padding: 6,
                  cursor: 'pointer',
                  lineHeight: 0,
                  background: chosen ? token.colorPrimaryBg : token.colorBgContainer,
                  color: chosen ? token.colorPrimary : token.colorText,
                  border: `${chosen ? 2 : 1}px solid ${chosen ? token.colorPrimary : token.colorBorder}`,
                  borderRadius: token.borderRadius,
                }}
              >
                <VehicleTypeIcon type={vt} variant={v} size={24} />
              </button>
            </Tooltip>
          );
        }),
      )}
    </fieldset>
  );
}
