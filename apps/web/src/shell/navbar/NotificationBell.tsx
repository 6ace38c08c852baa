import { BellOutlined } from '@ant-design/icons';
import { listAddress, NOTIFICATION_BADGE_CAP, notificationResource } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Popover, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchUnreadCount, markNotificationsOpened, queryKeys } from '../../api/platform';
import { fetchNotices, noticeKeys } from '../../features/notifications/api';
import { NavbarButton } from './NavbarButton';

/** How many unread titles the panel lists; the rest are behind "see all". */
export const BELL_TITLES = 5;

export type BellBadgeProps = { count: number };

/** The count as the spec shows it: 99+ above the cap. */
export function BellBadge({ count }: BellBadgeProps) {
  return (
    <Badge count={count} overflowCount={NOTIFICATION_BADGE_CAP} size="small" offset={[2, -2]}>
      <BellOutlined style={{ fontSize: 18 }} />
    </Badge>
  );
}

function badgeText(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

// The unread notices are the newest of the user's current ones (the count counts those published
// since the list was last opened), and the list answers newest first: the first `count` rows.
function UnreadTitles({ count, onPick }: { count: number; onPick: () => void }) {
  const { t } = useTranslation('shell');
  const params = { perPage: Math.min(count, BELL_TITLES) };
  const { data, isPending, isError } = useQuery({
    queryKey: noticeKeys.list('current', params),
    queryFn: () => fetchNotices('current', params),
  });
  if (isPending) return <Skeleton active title={false} paragraph={{ rows: params.perPage }} />;
  if (isError) return <p className="fl-bell-note">{t('notifications.failed')}</p>;
  return (
    <ul className="fl-bell-titles" aria-label={t('notifications.latest')}>
      {data.list.slice(0, params.perPage).map((notice) => (
        <li key={notice.id}>
          <Link to={listAddress(notificationResource)} onClick={onPick}>
            {notice.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export type NotificationBellProps = { userId: string };

export function NotificationBell({ userId }: NotificationBellProps) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ queryKey: queryKeys.unreadCount, queryFn: fetchUnreadCount });
  const opened = useMutation({
    mutationFn: () => markNotificationsOpened(userId),
    onSuccess: () => queryClient.setQueryData(queryKeys.unreadCount, { unreadNotificationCount: 0 }),
  });
  const count = data?.unreadNotificationCount ?? 0;
  // Opening marks the notices seen (the badge clears); the panel still says how many were new.
  const [seen, setSeen] = useState(0);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setSeen(count);
        if (next && count > 0 && userId) opened.mutate();
      }}
      trigger="click"
      placement="bottomRight"
      title={t('notifications.title')}
      content={
        <div className="fl-bell">
          <p className="fl-bell-note">
            {seen > 0 ? t('notifications.unread', { count: seen }) : t('notifications.none')}
          </p>
          {seen > 0 && <UnreadTitles count={seen} onPick={() => setOpen(false)} />}
          <Link to={listAddress(notificationResource)} onClick={() => setOpen(false)}>
            {t('notifications.all')}
          </Link>
        </div>
      }
    >
      {/* The name says the count the badge shows, as it shows it (99+), so that a voice command
          naming what is on screen finds the button; not in brackets, which name checks skip. */}
      <NavbarButton
        label={t('notifications.title')}
        opened={open}
        aria-label={count > 0 ? `${t('notifications.title')}: ${badgeText(count)}` : t('notifications.title')}
        icon={<BellBadge count={count} />}
      />
    </Popover>
  );
}
