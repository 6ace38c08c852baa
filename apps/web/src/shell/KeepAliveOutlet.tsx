// Keeps visited pages mounted while their tab is open, hidden with React's <Activity> so their
// state (filters, scroll, form input) survives switching tabs. noCache routes mount afresh.
import { Spin } from 'antd';
import { Activity, type ReactNode, Suspense, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';

export type KeepAliveOutletProps = { cachedPaths: readonly string[]; cacheCurrent: boolean };

const fallback = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

export function KeepAliveOutlet({ cachedPaths, cacheCurrent }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactNode>());
  for (const path of [...cache.current.keys()]) {
    if (path !== pathname && !cachedPaths.includes(path)) cache.current.delete(path);
  }
  if (cacheCurrent) cache.current.set(pathname, outlet);
  else cache.current.delete(pathname);
  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          <Suspense fallback={fallback}>{element}</Suspense>
        </Activity>
      ))}
      {!cacheCurrent && <Suspense fallback={fallback}>{outlet}</Suspense>}
    </>
  );
}
