import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth/context';
import type { MatchedRoute } from '../routes/match';
import { Breadcrumbs } from './navbar/Breadcrumbs';
import { FullscreenToggle } from './navbar/FullscreenToggle';
import { LanguageMenu } from './navbar/LanguageMenu';
import { NavbarButton } from './navbar/NavbarButton';
import { NotificationBell } from './navbar/NotificationBell';
import { SizeMenu } from './navbar/SizeMenu';
import { UserMenu } from './navbar/UserMenu';

export type NavbarProps = {
  flat: readonly MatchedRoute[];
  sidebarOpen: boolean;
  mobile: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
  userId: string;
};

export function Navbar({ flat, sidebarOpen, mobile, onToggleSidebar, onOpenSettings, userId }: NavbarProps) {
  const { t } = useTranslation('shell');
  const { config } = useAuth();
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: 50, padding: '0 8px 0 4px', gap: 4 }}>
      <NavbarButton
        label={mobile ? t('navbar.openMenu') : t('navbar.toggleSidebar')}
        onClick={onToggleSidebar}
        icon={sidebarOpen && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      />
      {!mobile && (
        <div style={{ flex: '0 1 auto', overflow: 'hidden', marginInlineStart: 4 }}>
          <Breadcrumbs flat={flat} />
        </div>
      )}
      <div style={{ flex: 1 }} />
      {config?.version && !mobile && (
        <Tag variant="filled" color="processing" style={{ marginInlineEnd: 4 }} title={t('navbar.version')}>
          v{config.version}
        </Tag>
      )}
      {!mobile && <FullscreenToggle />}
      {!mobile && <SizeMenu />}
      <LanguageMenu />
      <NotificationBell userId={userId} />
      <NavbarButton label={t('settings.title')} icon={<SettingOutlined />} onClick={onOpenSettings} />
      <UserMenu compact={mobile} />
    </div>
  );
}
