import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavbarButton } from './NavbarButton';

export function FullscreenToggle() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <NavbarButton
      label={t('navbar.fullscreen')}
      onClick={toggle}
      icon={
        active ? (
          <FullscreenExitOutlined style={{ fontSize: 17 }} />
        ) : (
          <FullscreenOutlined style={{ fontSize: 17 }} />
        )
      }
    />
  );
}
