// The visited-tab bar: click to switch, right-click (or the menu button) to refresh, close,
// close others, close all. Affixed tabs have no close button and survive every close.
import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTags } from './TagsContext';
import { nextPathAfterClose, type VisitedView } from './tagsStore';

export function TagsView() {
  const { t } = useTranslation('shell');
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname;

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
  const activeView = tags.state.visited.find((v) => v.path === active);

  return (
    <div className="fl-tags" role="tablist" aria-label={t('tags.label')}>
      <div className="fl-tags-scroll">
        {tags.state.visited.map((view) => (
          <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={view.path === active}
              className={view.path === active ? 'fl-tag fl-tag-active' : 'fl-tag'}
              onClick={() => navigate(view.fullPath)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(view.fullPath)}
            >
              <span>{t(view.title, { ns: 'route' })}</span>
              {!view.affix && (
                <button
                  type="button"
                  aria-label={t('tags.closeTag', { title: t(view.title, { ns: 'route' }) })}
                  className="fl-tag-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    close(view);
                  }}
                  onKeyDown={(e) => e.stopPropagation()}
                >
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </div>
          </Dropdown>
        ))}
      </div>
      {activeView && (
        <Dropdown menu={menuFor(activeView)} trigger={['click']} placement="bottomRight">
          <Button size="small" type="text" aria-label={t('tags.actions')} icon={<DownOutlined />} />
        </Dropdown>
      )}
    </div>
  );
}
