// Where a vehicle's lock after an impact shows: on the vehicle's page ("Locked since … after an
// impact of … g", a link to the impact, and Unlock for who holds vehicleUnlock), on the impact's
// event page (each lock it caused with its unlock: who, when, why), and as a mark in the vehicle
// list. Nothing shows for a vehicle that is not locked; an impact pushed live reads the locks again.

import { LockOutlined } from '@ant-design/icons';
import { ACTION_ROLES, LOCKOUT_EVENT_TYPE, type Lockout, pageAddress } from '@fleetlens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subscribeLive } from '../../app/liveBus';
import { localTime } from '../../kernel/format';
import { useMay } from '../../routes/useMay';
import { fetchEventLockouts, fetchOpenLockouts, fetchVehicleLockout, lockoutKeys } from './api';
import { lockText } from './lockText';
import { UnlockDialog } from './UnlockDialog';

const eventAddress = (eventId: string) => pageAddress('eventDetail', { eventId });

/** How long after an impact's push the lock is read: the server locks once the event is stored. */
export const LOCK_READ_DELAY_MS = 1500;

/**
 * Reads the locks again shortly after an impact is pushed (the live channel's device-events), so
 * a vehicle locked while its page or the list is open shows it without a reload.
 */
function useLocksFollowImpacts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = subscribeLive((message) => {
      if (message.type !== 'device-events') return;
      const events = (message.data as { events?: { type: string }[] } | undefined)?.events ?? [];
      if (!events.some((e) => e.type === LOCKOUT_EVENT_TYPE)) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void queryClient.invalidateQueries({ queryKey: lockoutKeys.all });
      }, LOCK_READ_DELAY_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient]);
}

/** The lock of one vehicle, with the way to release it; nothing while it is not locked. */
export function VehicleLock({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('lockouts');
  const may = useMay();
  const [unlocking, setUnlocking] = useState(false);
  useLocksFollowImpacts();
  const lock = useQuery({
    queryKey: lockoutKeys.vehicle(vehicleId),
    queryFn: () => fetchVehicleLockout(vehicleId),
    // Read whenever the page opens: a failed pre-shift check locks a vehicle with no live push.
    staleTime: 0,
  });
  const lockout = lock.data?.lockout;
  if (!lockout) return null;
  return (
    <>
      <Alert
        type="error"
        showIcon
        icon={<LockOutlined />}
        data-testid="vehicle-lock"
        message={lockText(t, lockout)}
        description={
          <Space wrap>
            {lockout.event && (
              <Link to={eventAddress(lockout.event.id)}>
                {t('impactAt', { time: localTime(lockout.event.time) })}
              </Link>
            )}
            {lockout.lock_command_status && (
              <Typography.Text type="secondary">
                {t('command', { status: t(`commandStatus.${lockout.lock_command_status}`) })}
              </Typography.Text>
            )}
          </Space>
        }
        action={
          may(...ACTION_ROLES.vehicleUnlock) && (
            <Button danger onClick={() => setUnlocking(true)}>
              {t('unlock.button')}
            </Button>
          )
        }
      />
      <UnlockDialog lockout={lockout} open={unlocking} onClose={() => setUnlocking(false)} />
    </>
  );
}

/** The locks an impact caused, each with its unlock; nothing for an event that locked nothing. */
export function EventLockouts({ eventId }: { eventId: string }) {
  const { t } = useTranslation('lockouts');
  const may = useMay();
  const [unlocking, setUnlocking] = useState<Lockout | null>(null);
  const history = useQuery({
    queryKey: lockoutKeys.event(eventId),
    queryFn: () => fetchEventLockouts(eventId),
  });
  const list = history.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" title={t('history.title')} data-testid="event-lockouts">
      <List
        size="small"
        dataSource={list}
        renderItem={(l) => (
          <List.Item key={l.id}>
            <Space direction="vertical" size={2}>
              <Typography.Text>
                {t('history.locked', {
                  name: l.vehicle.name,
                  time: localTime(l.locked_at),
                  impact: l.impact_g,
                  level: l.level_g,
                })}
              </Typography.Text>
              {l.unlocked_at ? (
                <Typography.Text type="secondary">
                  {t('history.unlocked', {
                    time: localTime(l.unlocked_at),
                    name: l.unlocked_by ?? '',
                    reason: l.unlock_reason ?? '',
                  })}
                </Typography.Text>
              ) : (
                <Space>
                  <Tag color="error" icon={<LockOutlined />}>
                    {t('locked')}
                  </Tag>
                  {may(...ACTION_ROLES.vehicleUnlock) && (
                    <Button size="small" danger onClick={() => setUnlocking(l)}>
                      {t('unlock.button')}
                    </Button>
                  )}
                </Space>
              )}
            </Space>
          </List.Item>
        )}
      />
      {unlocking && <UnlockDialog lockout={unlocking} open onClose={() => setUnlocking(null)} />}
    </Card>
  );
}

/** The vehicles locked now, by id, for the list's marks (read once a minute). */
export function useLockedVehicles(): Map<string, Lockout> {
  useLocksFollowImpacts();
  const open = useQuery({ queryKey: lockoutKeys.open, queryFn: fetchOpenLockouts, refetchInterval: 60_000 });
  return new Map((open.data?.list ?? []).map((l) => [l.vehicle.id, l]));
}

/** The list's mark of a locked vehicle. */
export function LockMark({ lockout }: { lockout: Lockout | undefined }) {
  const { t } = useTranslation('lockouts');
  if (!lockout) return null;
  return (
    <Tooltip title={lockText(t, lockout)}>
      <Tag color="error" icon={<LockOutlined />} data-testid="lock-mark">
        {t('locked')}
      </Tag>
    </Tooltip>
  );
}
