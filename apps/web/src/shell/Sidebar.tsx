// The menu of the routes this user may reach: sections as submenus of their visible children;
// hidden pages light up the item named by their activeMenu. The section of the current page opens
// whenever the page changes (by menu, URL or tab), not only at the first render; the sections the
// user opened stay open.
import type { RouteDef } from '@fleetlens/contracts';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type MatchedRoute, matchRoute } from '../routes/match';
import { FitLabel } from './FitLabel';
import { RouteIcon } from './icons';

type MenuItem = NonNullable<MenuProps['items']>[number];

export type SidebarMenuProps = {
  routes: readonly RouteDef[];
  flat: readonly MatchedRoute[];
  collapsed: boolean;
  onNavigate?: () => void;
};

export function buildMenuItems(routes: readonly RouteDef[], titleOf: (r: RouteDef) => string): MenuItem[] {
  const title = (r: RouteDef) => <FitLabel text={titleOf(r)} />;
  const items: MenuItem[] = [];
  for (const section of routes) {
    if (section.hidden) continue;
    const children = (section.children ?? []).filter((c) => !c.hidden);
    if (children.length === 0) {
      if (section.path && !section.children?.length) {
        items.push({ key: section.path, icon: <RouteIcon name={section.icon} />, label: title(section) });
      }
      continue;
    }
    if (children.length === 1 && children[0]) {
      const only = children[0];
      items.push({
        key: only.path,
        icon: <RouteIcon name={only.icon ?? section.icon} />,
        label: title(only),
      });
      continue;
    }
    items.push({
      key: `section:${section.name}`,
      icon: <RouteIcon name={section.icon} />,
      label: title(section),
      children: children.map((c) => ({ key: c.path, label: title(c) })),
    });
  }
  return items;
}

export function SidebarMenu({ routes, flat, collapsed, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation(['route', 'shell']);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => buildMenuItems(routes, (r) => t(r.titleKey, { ns: 'route' })), [routes, t]);
  const current = matchRoute(location.pathname, flat);
  const selected = current?.route.activeMenu ?? current?.route.path ?? location.pathname;
  const openKey = current?.section ? `section:${current.section.name}` : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (openKey && !collapsed ? [openKey] : []));
  useEffect(() => {
    // A collapsed menu shows sections as pop-ups: none stays open when it folds.
    if (collapsed) setOpenKeys([]);
    else if (openKey) setOpenKeys((keys) => (keys.includes(openKey) ? keys : [...keys, openKey]));
  }, [openKey, collapsed]);
  return (
    <nav aria-label={t('shell:sidebar.label')} className="fl-sidebar">
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[selected]}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
