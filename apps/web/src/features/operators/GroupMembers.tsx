// The members of one operator group, loaded when its row is opened.
import { useQuery } from '@tanstack/react-query';
import { List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchGroup, groupKeys } from './api';

export function GroupMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation('operators');
  const { data } = useQuery({ queryKey: groupKeys.one(groupId), queryFn: () => fetchGroup(groupId) });
  if (!data) return <Spin size="small" />;
  if (data.members.length === 0)
    return <Typography.Text type="secondary">{t('groups.noMembers')}</Typography.Text>;
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('groups.members')}</Typography.Text>}
      dataSource={data.members}
      renderItem={(m) => (
        <List.Item>
          <Link to={`/drivers/${m.id}/detail`}>{`${m.operator_code} · ${m.name}`}</Link>
        </List.Item>
      )}
    />
  );
}
