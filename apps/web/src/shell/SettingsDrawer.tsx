import { Button, ColorPicker, Divider, Drawer, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PanelSettings, useSettings } from '../app/settings';

// Brand-adjacent presets; any colour can still be picked.
const PRESETS = ['#005d74', '#1677ff', '#13a8a8', '#389e0d', '#d46b08', '#cf1322', '#531dab', '#2f3542'];

export type SettingsDrawerProps = { open: boolean; onClose: () => void };

export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation('shell');
  const { settings, update, reset } = useSettings();
  const toggles: (keyof Omit<PanelSettings, 'theme'>)[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={300}>
      <div className="fl-setting-row">
        <span>{t('settings.theme')}</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.presets'), colors: PRESETS }]}
          onChangeComplete={(c) => update({ theme: c.toHexString() })}
        />
      </div>
      <Divider style={{ margin: '12px 0' }} />
      <Space orientation="vertical" style={{ width: '100%' }} size={14}>
        {toggles.map((key) => (
          <div className="fl-setting-row" key={key}>
            <span>{t(`settings.${key}`)}</span>
            <Switch checked={settings[key]} onChange={(checked) => update({ [key]: checked })} />
          </div>
        ))}
      </Space>
      <Divider style={{ margin: '16px 0' }} />
      <Button block onClick={reset}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
