// The signed-in console: sidebar (drawer on mobile), top bar, visited tabs, and the page.
// antd's whole static sheet comes with it, before the console's own sheets (the first page has
// only its own part of it: firstPageSheet.ts).
import 'antd/dist/antd.css';
import { PRODUCT_TITLE, SIDEBAR_WIDTH } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Drawer, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuth } from '../app/auth/context';
import { accessKey } from '../app/auth/profile';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { connectLive } from '../app/live';
import { useSettings } from '../app/settings';
import { followLinkStates } from '../kernel/liveLinkStates';
import { consoleRoutes, matchRoute } from '../routes/match';
import { usePermittedRoutes } from '../routes/permitted';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { Logo } from './Logo';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { SidebarMenu } from './Sidebar';
import { TagsProvider, useTags } from './tags/TagsContext';
import { TagsView } from './tags/TagsView';
import { makeView } from './tags/tagsStore';
import { useAntdA11y } from './useAntdA11y';
import { useMobile } from './useMobile';
import { usePageTitle } from './usePageTitle';
import './shell.css';

const COLLAPSED_WIDTH = 64;

export function AppLayout() {
  return (
    <TagsProvider>
      <ShellFrame />
    </TagsProvider>
  );
}

function ShellFrame() {
  const { t } = useTranslation(['route', 'shell']);
  const { profile, accessToken, refreshAccess } = useAuth();
  const { settings, update } = useSettings();
  const { tree, flat } = usePermittedRoutes();
  const tags = useTags();
  const location = useLocation();
  const queryClient = useQueryClient();
  const mobile = useMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useAntdA11y();

  const match = matchRoute(location.pathname, flat);
  const denied = !match && matchRoute(location.pathname, consoleRoutes) !== undefined;
  const routeTitle = match
    ? t(match.route.titleKey, { ns: 'route' })
    : denied
      ? t('shell:noAccess.title')
      : undefined;
  usePageTitle(routeTitle);

  // Tabs: affixed routes first, then each visited route once.
  const affixed = flat.filter((m) => m.route.affix && !m.route.path.includes(':'));
  const access = accessKey(profile);
  const lastAccess = useRef(access);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per access set; a role change closes every tab (spec §4)
  useEffect(() => {
    lastAccess.current = access;
    tags.reset(
      affixed.map(({ route }) =>
        makeView({
          path: route.path,
          name: route.name,
          title: route.titleKey,
          affix: true,
          noCache: route.noCache,
        }),
      ),
    );
  }, [access]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the location and its route
  useEffect(() => {
    if (!match) return;
    const view = makeView({
      path: location.pathname,
      fullPath: `${location.pathname}${location.search}`,
      name: match.route.name,
      title: match.route.titleKey,
      affix: match.route.affix,
      noCache: match.route.noCache,
    });
    tags.add(view);
    tags.update(view);
  }, [location.pathname, location.search, match?.route]);

  // The live channel lives as long as the signed-in shell.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one connection per shell; the token is read on each (re)connect
  useEffect(
    () => connectLive({ getToken: accessToken, queryClient, onProfileChanged: () => void refreshAccess() }),
    [],
  );
  // Pushed device states go into the query cache, for every screen that shows them.
  useEffect(() => followLinkStates(queryClient), [queryClient]);

  // Mobile: the drawer closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on navigation
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const collapsed = !settings.sidebarOpened;
  const toggleSidebar = () => (mobile ? setDrawerOpen(!drawerOpen) : update({ sidebarOpened: collapsed }));
  const menu = (
    <SidebarMenu
      routes={tree}
      flat={flat}
      collapsed={!mobile && collapsed}
      onNavigate={() => setDrawerOpen(false)}
    />
  );
  // The sidebar's column, painted on the page's own background (shell.css), as wide as the sidebar.
  const siderWidth = mobile ? 0 : collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--fl-sider-width', `${siderWidth}px`);
    return () => {
      root.removeProperty('--fl-sider-width');
    };
  }, [siderWidth]);
  const logo = (isCollapsed: boolean) =>
    settings.sidebarLogo && <Logo collapsed={isCollapsed} title={PRODUCT_TITLE} onClick={toggleSidebar} />;

  return (
    // antd's message, notification and modal hooks for the screens (App.useApp), kept out of the
    // sign-in page (app/AppRoot.tsx); no element of its own, the root is AppRoot's.
    <AntApp component={false}>
      <Layout className="fl-shell" style={{ minHeight: '100vh' }}>
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDEBAR_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: '#001529' }, section: { background: '#001529' } }}
          >
            {logo(false)}
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            collapsible
            className="fl-sider"
          >
            {logo(collapsed)}
            <div className="fl-sider-menu">{menu}</div>
          </Layout.Sider>
        )}
        <Layout
          style={{ marginInlineStart: mobile ? 0 : collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
          className="fl-main"
        >
          <Layout.Header className={settings.fixedHeader ? 'fl-header fl-header-fixed' : 'fl-header'}>
            <Navbar
              flat={flat}
              sidebarOpen={!collapsed}
              mobile={mobile}
              onToggleSidebar={toggleSidebar}
              onOpenSettings={() => setSettingsOpen(true)}
              userId={profile?.id ?? ''}
            />
            {settings.tagsView && <TagsView />}
          </Layout.Header>
          <Layout.Content className="fl-content">
            {/* One heading per page, from the route table, so every screen is titled the same way. */}
            {routeTitle && <h1 className="fl-page-title">{routeTitle}</h1>}
            <ErrorBoundary title={t('shell:errorBoundary.title')} retryText={t('shell:errorBoundary.retry')}>
              <KeepAliveOutlet
                cachedPaths={tags.state.cached}
                cacheCurrent={Boolean(match && !match.route.noCache && !match.route.redirect)}
              />
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </Layout>
    </AntApp>
  );
}
