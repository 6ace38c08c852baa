// Route icons by antd icon name (RouteDef.icon). Named imports keep the icon set tree-shaken;
// a name not listed here falls back to a neutral icon.
import {
  AppstoreOutlined,
  BarChartOutlined,
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
  NotificationOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// Keyed by the route table's icon names, which are the product areas.
const icons: Record<string, ComponentType> = {
  charts: BarChartOutlined,
  customers: TeamOutlined,
  users: UserOutlined,
  masters: DatabaseOutlined,
  vehicles: CarOutlined,
  devices: CameraOutlined,
  firmware: CloudUploadOutlined,
  operators: IdcardOutlined,
  events: VideoCameraOutlined,
  drivingScore: TrophyOutlined,
  reports: FileTextOutlined,
  maintenance: ToolOutlined,
  fuel: FireOutlined,
  tachograph: DashboardOutlined,
  dataMigration: FolderOutlined,
  managerialData: DownloadOutlined,
  notices: NotificationOutlined,
};

export type RouteIconProps = { name: string | undefined };

export function RouteIcon({ name }: RouteIconProps) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  // Decorative: the entry's title names it; the icon's own label would prefix every name.
  return <Icon aria-hidden="true" />;
}
