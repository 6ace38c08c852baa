// /rfid/:rfid/history: every assignment of the card, newest first, with its dates and who
// assigned and removed it. Rows are never rewritten, and outlive the operators they name.
import {
  listAddress,
  operatorResource,
  type RfidHistoryRow,
  recordAddress,
  rfidResource,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { QueryTable } from '../../shell/lists/ListTable';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { QueryState } from '../../shell/QueryState';
import { fetchRfid, fetchRfidHistory, rfidKeys } from './api';
import { RfidCardSummary } from './RfidCardSummary';

export function RfidHistoryPage() {
  const { rfid: id = '' } = useParams();
  const { t } = useTranslation('rfids');
  const card = useQuery({ queryKey: rfidKeys.one(id), queryFn: () => fetchRfid(id) });
  const history = useQuery({ queryKey: rfidKeys.history(id), queryFn: () => fetchRfidHistory(id) });
  if (!card.data) return <QueryState query={card} back={listAddress(rfidResource)} />;
  const columns: ListColumn<RfidHistoryRow>[] = [
    {
      title: t('fields.operator'),
      key: 'operator',
      render: (_, h) =>
        h.operator_id ? (
          <Link
            to={recordAddress(operatorResource, 'detail', h.operator_id)}
          >{`${h.operator_code} · ${h.operator_name}`}</Link>
        ) : (
          <span>
            {`${h.operator_code} · ${h.operator_name} `}
            <Tag>{t('history.operatorDeleted')}</Tag>
          </span>
        ),
    },
    { title: t('fields.assigned_from'), key: 'from', render: (_, h) => reportedTime(h.assigned_from) },
    {
      title: t('fields.assigned_till'),
      key: 'till',
      render: (_, h) =>
        h.assigned_till ? reportedTime(h.assigned_till) : <Tag color="success">{t('history.current')}</Tag>,
    },
    { title: t('history.assignedBy'), key: 'by', render: (_, h) => h.assigned_by ?? '' },
    { title: t('history.removedBy'), key: 'removedBy', render: (_, h) => h.removed_by ?? '' },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RfidCardSummary card={card.data} />
      <QueryTable<RfidHistoryRow>
        query={history}
        empty={{ title: t('history.empty') }}
        columns={columns}
        aria-label={t('history.title')}
      />
    </Space>
  );
}
