// The visited-tab bar: click to switch, right-click (or the menu button) to refresh, close,
// close others, close all. Affixed tabs have no close button and survive every close.
// By keyboard it is one tab stop, as the ARIA tabs pattern has it: the arrows, Home and End move
// between the tabs, Enter or Space opens one, Delete closes it, the context-menu key (or
// Shift+F10) opens its menu. The × is the mouse's way to close: a button inside a tab would be
// a control inside a control, which screen readers cannot reach, so it stays out of their tree.
// When the page changes (by menu, URL or tab) the strip scrolls its tab into view, without
// taking the focus: the user may be typing elsewhere.
import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTags } from './TagsContext';
import { nextPathAfterClose, type VisitedView } from './tagsStore';

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TagsView() {
  const { t } = useTranslation('shell');
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname;
  const strip = useRef<HTMLDivElement>(null);
  const tabCount = tags.state.visited.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab also moves the active one
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, tabCount]);

  const refresh = (view: VisitedView) => {
    tags.uncache(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const close = (view: VisitedView) => {
    const next = tags.close(view.path);
    if (view.path === active) navigate(nextPathAfterClose(next));
  };
  const closeOthers = (view: VisitedView) => {
    tags.closeOthers(view.path);
    if (view.path !== active) navigate(view.fullPath);
  };
  const closeAll = () => {
    const next = tags.closeAll();
    if (!next.visited.some((v) => v.path === active)) navigate(nextPathAfterClose(next));
  };
  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('tags.close'), disabled: view.affix },
      { key: 'others', label: t('tags.closeOthers') },
      { key: 'all', label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'others') closeOthers(view);
      else closeAll();
    },
  });
  const visited = tags.state.visited;
  const activeView = visited.find((v) => v.path === active);
  const focusable = activeView ?? visited[0];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, view: VisitedView, index: number) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
      tabs?.[move(index, visited.length)]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      navigate(view.fullPath);
    } else if (event.key === 'Delete' && !view.affix) {
      event.preventDefault();
      const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
      close(view);
      // Focus stays in the strip, on the neighbour that takes the closed tab's place.
      tabs?.[index > 0 ? index - 1 : 1]?.focus();
    }
  };

  return (
    <div className="fl-tags">
      <div ref={strip} className="fl-tags-scroll" role="tablist" aria-label={t('tags.label')}>
        {visited.map((view, index) => {
          const title = t(view.title, { ns: 'route' });
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              <div
                role="tab"
                tabIndex={view === focusable ? 0 : -1}
                aria-selected={view.path === active}
                aria-keyshortcuts={view.affix ? undefined : 'Delete'}
                className={view.path === active ? 'fl-tag fl-tag-active' : 'fl-tag'}
                onClick={() => navigate(view.fullPath)}
                onKeyDown={(e) => onKeyDown(e, view, index)}
              >
                <span>{title}</span>
                {!view.affix && (
                  <span
                    aria-hidden
                    title={t('tags.closeTag', { title })}
                    className="fl-tag-close"
                    onClick={(e) => {
                      e.stopPropagation();
                      close(view);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {activeView && (
        <Dropdown autoFocus menu={menuFor(activeView)} trigger={['click']} placement="bottomRight">
          <Button size="small" type="text" aria-label={t('tags.actions')} icon={<DownOutlined />} />
        </Dropdown>
      )}
    </div>
  );
}
