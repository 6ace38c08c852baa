import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** /redirect/<path>: a stop-over that makes the target page mount afresh (tags view refresh). */
export function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    navigate(`${target}${location.search}`, { replace: true });
  }, [location, navigate]);
  return null;
}
