import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type UiSize, useSettings } from '../../app/settings';

const SIZES: UiSize[] = ['large', 'medium', 'small'];

export function SizeMenu() {
  const { t } = useTranslation('shell');
  const { settings, update } = useSettings();
  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [settings.size],
        items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`) })),
        onClick: ({ key }) => update({ size: key as UiSize }),
      }}
    >
      <Button
        type="text"
        aria-label={t('navbar.size')}
        icon={<FontSizeOutlined style={{ fontSize: 17 }} />}
      />
    </Dropdown>
  );
}
