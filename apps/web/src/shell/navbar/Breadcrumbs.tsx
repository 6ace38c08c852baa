import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type MatchedRoute, matchRoute } from '../../routes/match';

export type BreadcrumbsProps = { flat: readonly MatchedRoute[] };

/** Section › page, from the route table; the section links to its first visible page. */
export function Breadcrumbs({ flat }: BreadcrumbsProps) {
  const { t } = useTranslation('route');
  const location = useLocation();
  const match = matchRoute(location.pathname, flat);
  if (!match) return null;
  const items: { title: React.ReactNode }[] = [];
  const { section, route } = match;
  if (section && section !== route) {
    const first = section.children?.find((c) => !c.hidden);
    items.push({
      title:
        first && first !== route ? <Link to={first.path}>{t(section.titleKey)}</Link> : t(section.titleKey),
    });
  }
  items.push({ title: t(route.titleKey) });
  return <Breadcrumb items={items} style={{ whiteSpace: 'nowrap' }} />;
}
