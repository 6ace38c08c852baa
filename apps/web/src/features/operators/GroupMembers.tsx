// The members of one operator group, loaded when its row is opened.
import { operatorResource, recordAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../../shell/lists/ListStates';
import { listState } from '../../shell/lists/listState';
import { fetchGroup, groupKeys } from './api';

export function GroupMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation('operators');
  const query = useQuery({ queryKey: groupKeys.one(groupId), queryFn: () => fetchGroup(groupId) });
  const state = listState(query);
  const data = query.data;
  if (state.status === 'loading' || !data)
    return state.status === 'failed' ? (
      <ListError error={state.error} retry={state.retry} />
    ) : (
      <ListLoading />
    );
  if (data.members.length === 0)
    return <Typography.Text type="secondary">{t('groups.noMembers')}</Typography.Text>;
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('groups.members')}</Typography.Text>}
      dataSource={data.members}
      renderItem={(m) => (
        <List.Item>
          <Link to={recordAddress(operatorResource, 'detail', m.id)}>{`${m.operator_code} · ${m.name}`}</Link>
        </List.Item>
      )}
    />
  );
}
