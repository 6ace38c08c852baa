import { FontSizeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type UiSize, useSettings } from '../../app/settings';
import { NavbarMenu } from './NavbarMenu';

const SIZES: UiSize[] = ['large', 'medium', 'small'];

export function SizeMenu() {
  const { t } = useTranslation('shell');
  const { settings, update } = useSettings();
  return (
    <NavbarMenu
      label={t('navbar.size')}
      icon={<FontSizeOutlined style={{ fontSize: 17 }} />}
      items={SIZES.map((s) => ({ key: s, label: t(`size.${s}`) }))}
      selected={settings.size}
      onSelect={(size) => update({ size })}
    />
  );
}
