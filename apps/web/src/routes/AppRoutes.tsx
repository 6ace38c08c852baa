// The hash router's table: public pages, /login, and the signed-in shell whose children are the
// routes this user may reach, and the console's other routes as "no access" inside the shell.
// Unknown paths go to #/404.
import { constantRoutes, landingPath, publicRoutes, type RouteDef } from '@fleetlens/contracts';
import { Button, Result } from 'antd';
import { type ComponentType, lazy, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useAuth } from '../app/auth/context';
import { FullPageLoader } from '../shell/FullPageLoader';
import { ForbiddenPage } from '../shell/pages/ForbiddenPage';
import { NoAccessPage } from '../shell/pages/NoAccessPage';
import { NotFoundPage } from '../shell/pages/NotFoundPage';
import { ElsewherePage } from './elsewhere';
import { LoginPage } from './LoginPage';
import { consoleRoutes, flattenRoutes } from './match';
import { usePermittedRoutes } from './permitted';
import { RedirectPage } from './RedirectPage';

// The shell (antd Layout, menus, tabs) loads after the sign-in check, not with the first script;
// the screen table (below) loads beside it, not after it (a failure shows where a screen needs it).
const AppLayout = lazy(() => {
  import('./screens').catch(() => undefined);
  return import('../shell/AppLayout').then((m) => ({ default: m.AppLayout }));
});

// The pre-shift check's phone page: open without a console sign-in (the operator is no console
// user), loaded only when its link is opened.
const PreShiftPage = lazy(() =>
  import('../features/pre-shift-checks/PreShiftPage').then((m) => ({ default: m.PreShiftPage })),
);

type RequireAuthProps = { children: ReactNode };

function RequireAuth({ children }: RequireAuthProps) {
  const { status } = useAuth();
  const location = useLocation();
  const { t } = useTranslation('shell');
  if (status === 'loading') return <FullPageLoader text={t('loading')} />;
  if (status === 'error') {
    return (
      <Result
        status="500"
        title={t('bootError.title')}
        subTitle={t('bootError.text')}
        extra={<Button onClick={() => window.location.reload()}>{t('bootError.reload')}</Button>}
      />
    );
  }
  if (status === 'forbidden') return <Navigate to="/403" replace />;
  if (status === 'elsewhere') return <ElsewherePage />;
  if (status === 'signedOut') {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return children;
}

// The screen table (./screens) names every feature with the resource descriptions of the
// contracts, and so their schemas: it loads with the first signed-in screen, not on the sign-in
// page. One component per route, made once, so a route's screen keeps its state across renders.
const routeScreens = new Map<string, ComponentType>();
function screenOf(route: RouteDef): ComponentType {
  let screen = routeScreens.get(route.name);
  if (!screen) {
    screen = lazy(() =>
      import('./screens').then(({ screenFor }) => {
        const Screen = screenFor(route);
        return { default: () => <Screen /> };
      }),
    );
    routeScreens.set(route.name, screen);
  }
  return screen;
}

function toRouteObject(route: RouteDef): RouteObject {
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  const Screen = screenOf(route);
  return { path: route.path, element: <Screen />, handle: { route } };
}

export function AppRoutes() {
  const { profile } = useAuth();
  const { tree } = usePermittedRoutes();
  const routes = useMemo<RouteObject[]>(() => {
    const publicPaths = new Set(publicRoutes.map((r) => r.path));
    const signedIn = flattenRoutes([...tree, ...constantRoutes])
      .map((m) => m.route)
      .filter((r) => !publicPaths.has(r.path) && r.path !== '/' && !r.path.startsWith('/redirect'))
      .map(toRouteObject);
    const open = new Set(signedIn.map((r) => r.path));
    const denied: RouteObject[] = consoleRoutes
      .map((m) => m.route.path)
      .filter((path) => !open.has(path) && path !== '/' && !path.startsWith('/redirect'))
      .map((path) => ({ path, element: <NoAccessPage /> }));
    const landing = profile ? landingPath(tree, profile.sysRole) : '/404';
    return [
      { path: '/404', element: <NotFoundPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/pre-shift/:token', element: <PreShiftPage /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/', element: <Navigate to={landing} replace /> },
          { path: '/redirect/*', element: <RedirectPage /> },
          ...signedIn,
          ...denied,
        ],
      },
      // Until the sign-in is known, no path is "unknown": a signed-out visitor's deep link goes
      // to the identity page and comes back; only a signed-in user's unknown path is a 404.
      {
        path: '*',
        element: (
          <RequireAuth>
            <Navigate to="/404" replace />
          </RequireAuth>
        ),
      },
    ];
  }, [tree, profile]);
  return useRoutes(routes);
}
