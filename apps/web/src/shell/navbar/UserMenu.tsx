import { DownOutlined } from '@ant-design/icons';
import { MANUAL_MESSAGE_SECONDS, type MyAnswer } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchManualUrl, fetchMy, queryKeys } from '../../api/platform';
import { useAuth } from '../../app/auth/context';

export type UserMenuProps = { compact?: boolean };

export function UserMenu({ compact = false }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const { profile, config, logout } = useAuth();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data: my } = useQuery<MyAnswer>({ queryKey: queryKeys.my, queryFn: fetchMy });
  const user = my?.user;
  const name = user?.name || profile?.name || '';
  const documentUrl = user?.customer.document_url;
  const manual = my?.manual ?? null;

  const downloadManual = async () => {
    if (!manual) {
      message.error({ content: t('user.manualNotFound'), duration: MANUAL_MESSAGE_SECONDS });
      return;
    }
    try {
      const answer = await fetchManualUrl(manual.id);
      if (!answer?.manual) throw new Error('no url');
      window.open(answer.manual, '_blank', 'noopener');
    } catch {
      message.error({ content: t('user.somethingWrong'), duration: MANUAL_MESSAGE_SECONDS });
    }
  };

  const items: MenuProps['items'] = [
    { key: 'profile', label: t('user.profile') },
    { key: 'charts', label: t('user.charts') },
    ...(documentUrl ? [{ key: 'documents', label: t('user.documents') }] : []),
    { key: 'release', label: t('user.releaseNotes', { version: config?.version ?? '' }) },
    { key: 'manual', label: t('user.manual', { version: manual?.version ? `v${manual.version}` : '-' }) },
    { type: 'divider' },
    { key: 'logout', label: t('user.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate(`/users/${user?.id ?? profile?.id}/edit`);
    else if (key === 'charts') navigate('/virtualization');
    else if (key === 'documents' && documentUrl) window.open(documentUrl, '_blank', 'noopener,noreferrer');
    else if (key === 'release') navigate('/release-note/listings');
    else if (key === 'manual') void downloadManual();
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <button
        type="button"
        aria-label={t('user.menu')}
        style={{
          all: 'unset',
          cursor: 'pointer',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '0 8px',
        }}
      >
        <Avatar size={30} style={{ background: 'var(--ant-color-primary)', fontWeight: 600 }}>
          {name.slice(0, 1).toUpperCase() || '?'}
        </Avatar>
        {!compact && (
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        )}
        <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
      </button>
    </Dropdown>
  );
}
