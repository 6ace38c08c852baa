// /users/:id/login-device: the browsers a user is signed in from, counted against their device
// limit, with a reset that frees every place (the user signs in again) and the last five resets.
import { DATE_FORMAT, mayResetDevices } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { ListTable } from '../../shell/lists/ListTable';
import { listState } from '../../shell/lists/listState';
import { fetchLoginDevices, fetchUser, resetLoginDevices, userKeys } from './api';

const when = (iso: string) => dayjs(iso).format(DATE_FORMAT);

export function LoginDevicesPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const user = useQuery({ queryKey: userKeys.one(id), queryFn: () => fetchUser(id) });
  const devices = useQuery({
    queryKey: [...userKeys.one(id), 'devices'],
    queryFn: () => fetchLoginDevices(id),
  });
  const reset = useMutation({
    mutationFn: () => resetLoginDevices(id),
    onSuccess: async (answer) => {
      message.success(t('devices.resetDone', { count: answer.removed }));
      await queryClient.invalidateQueries({ queryKey: userKeys.one(id) });
    },
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={user.data ? `${user.data.first_name} ${user.data.last_name} (${user.data.username})` : ''}
        extra={
          // The API's own rule: offered only where the reset would be allowed.
          profile &&
          user.data &&
          mayResetDevices({ ...profile, userId: profile.id }, user.data) && (
            <Popconfirm title={t('devices.confirmReset')} onConfirm={() => reset.mutate()}>
              <Button danger loading={reset.isPending}>
                {t('devices.reset')}
              </Button>
            </Popconfirm>
          )
        }
      >
        <ListTable
          state={listState({ ...devices, data: devices.data?.devices })}
          empty={{ title: t('devices.empty') }}
          rowKey="device_id"
          size="small"
          loading={devices.isFetching}
          dataSource={devices.data?.devices ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('devices.browser'), dataIndex: 'user_agent', key: 'ua', ellipsis: true },
            { title: t('devices.ip'), dataIndex: 'ip', key: 'ip' },
            { title: t('devices.firstSeen'), key: 'first', render: (_, d) => when(d.created_at) },
            { title: t('devices.lastSeen'), key: 'last', render: (_, d) => when(d.last_seen_at) },
          ]}
        />
      </Card>
      <Card size="small" title={t('devices.history')}>
        <ListTable
          state={listState({ ...devices, data: devices.data?.resets })}
          empty={{ title: t('devices.noResets') }}
          rowKey="created_at"
          size="small"
          dataSource={devices.data?.resets ?? []}
          pagination={false}
          columns={[
            { title: t('devices.resetAt'), key: 'at', render: (_, r) => when(r.created_at) },
            { title: t('devices.resetBy'), dataIndex: 'reset_by', key: 'by' },
            { title: t('devices.removed'), dataIndex: 'removed', key: 'removed' },
          ]}
        />
      </Card>
    </Space>
  );
}
