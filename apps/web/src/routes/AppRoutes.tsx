// The hash router's table: public pages, /login, and the signed-in shell whose children are the
// routes this user may reach, and the console's other routes as "no access" inside the shell.
// Unknown paths go to #/404.
import { constantRoutes, landingPath, publicRoutes, type RouteDef } from '@fleetlens/contracts';
import { Button, Result } from 'antd';
import { lazy, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useAuth } from '../app/auth/context';
import { FullPageLoader } from '../shell/FullPageLoader';
import { ForbiddenPage } from '../shell/pages/ForbiddenPage';
import { NoAccessPage } from '../shell/pages/NoAccessPage';
import { NotFoundPage } from '../shell/pages/NotFoundPage';
import { ElsewherePage } from './ElsewherePage';
import { LoginPage } from './LoginPage';
import { consoleRoutes, flattenRoutes } from './match';
import { usePermittedRoutes } from './permitted';
import { RedirectPage } from './RedirectPage';
import { screenFor } from './screens';

// The shell (antd Layout, menus, tabs) loads after the sign-in check, not with the first script.
const AppLayout = lazy(() => import('../shell/AppLayout').then((m) => ({ default: m.AppLayout })));

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

function toRouteObject(route: RouteDef): RouteObject {
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  const Screen = screenFor(route);
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
