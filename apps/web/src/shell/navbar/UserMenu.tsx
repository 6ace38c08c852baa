import { DownOutlined } from '@ant-design/icons';
import {
  listAddress,
  type MyAnswer,
  recordAddress,
  releaseNoteResource,
  userResource,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMy, queryKeys } from '../../api/platform';
import { useAuth } from '../../app/auth/context';
import { useManualDownload } from '../../features/manuals/download';
import { useCurrentRelease } from '../../features/release-notes/api';

export type UserMenuProps = { compact?: boolean };

export function UserMenu({ compact = false }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const { profile, config, logout } = useAuth();
  const navigate = useNavigate();
  // The tooltip hides while the menu is open: it would cover the menu's first entry.
  const [open, setOpen] = useState(false);
  const { data: my } = useQuery<MyAnswer>({ queryKey: queryKeys.my, queryFn: fetchMy });
  const user = my?.user;
  const name = user?.name || profile?.name || '';
  const documentUrl = user?.customer.document_url;
  const manual = my?.manual ?? null;
  const downloadManual = useManualDownload();
  // The release link shows the current version: the latest release note by date.
  const release = useCurrentRelease().data?.version ?? config?.version ?? '';

  const items: MenuProps['items'] = [
    { key: 'profile', label: t('user.profile') },
    { key: 'charts', label: t('user.charts') },
    ...(documentUrl ? [{ key: 'documents', label: t('user.documents') }] : []),
    { key: 'release', label: t('user.releaseNotes', { version: release }) },
    { key: 'manual', label: t('user.manual', { version: manual?.version ? `v${manual.version}` : '-' }) },
    { type: 'divider' },
    { key: 'logout', label: t('user.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate(recordAddress(userResource, 'edit', user?.id ?? profile?.id ?? ''));
    else if (key === 'charts') navigate('/virtualization');
    else if (key === 'documents' && documentUrl) window.open(documentUrl, '_blank', 'noopener,noreferrer');
    else if (key === 'release') navigate(listAddress(releaseNoteResource));
    else if (key === 'manual') void downloadManual(manual?.id);
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{ items, onClick }}
      placement="bottomRight"
      onOpenChange={setOpen}
    >
      {/* Named by what it shows (the user's name) and what it is, so a voice command that
          says the name it sees finds it. */}
      <Tooltip title={t('user.menu')} placement="bottom" open={open ? false : undefined}>
        <button type="button" className="fl-plain-button fl-user-menu">
          <Avatar aria-hidden size={30} style={{ background: 'var(--ant-color-primary)', fontWeight: 600 }}>
            {name.slice(0, 1).toUpperCase() || '?'}
          </Avatar>
          {!compact && <span className="fl-user-name">{name}</span>}
          <span className="fl-visually-hidden">{t('user.menu')}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10, color: 'rgba(0,0,0,0.55)' }} />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
