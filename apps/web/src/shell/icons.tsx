// Route icons by antd icon name (RouteDef.icon). Named imports keep the icon set tree-shaken;
// a name not listed here falls back to a neutral icon.
import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FireOutlined,
  FolderOutlined,
  IdcardOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const icons: Record<string, ComponentType> = {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FireOutlined,
  FolderOutlined,
  IdcardOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

export type RouteIconProps = { name: string | undefined };

export function RouteIcon({ name }: RouteIconProps) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  // Decorative: the entry's title names it; the icon's own label would prefix every name.
  return <Icon aria-hidden="true" />;
}
