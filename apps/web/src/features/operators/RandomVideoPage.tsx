// /management/random-video: one random video setting for many operators at once. The user picks
// operators (across pages of the server-side list) and the setting; the server applies it to all
// of them or, if any cannot take it, to none ("Operator batch update failed").
import { ACTION_ROLES, type Operator, operatorName } from '@fleetlens/contracts';
import { Alert, Button, Card, Form, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../routes/useMay';
import { useSave } from '../../shell/forms/useSave';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { fetchOperators, type OperatorListParams, operatorKeys, setRandomVideo } from './api';
import { RANDOM_VIDEO_DEFAULTS, RandomVideoFields } from './RandomVideoFields';

type Values = typeof RANDOM_VIDEO_DEFAULTS;

export function RandomVideoPage() {
  const { t } = useTranslation('operators');
  const may = useMay();
  const [form] = Form.useForm<Values>();
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const list = usePagedList<Operator, OperatorListParams>({
    key: operatorKeys.list,
    fetch: fetchOperators,
    initial: { orderBy: 'operator_code' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const apply = useSave<Values, { updated: number }>({
    form,
    save: (values) => setRandomVideo({ operator_ids: selected, ...RANDOM_VIDEO_DEFAULTS, ...values }),
    invalidate: operatorKeys.all,
    savedText: ({ updated }) => t('randomVideo.updated', { count: updated }),
    onSaved: () => {
      setFailure(null);
      setSelected([]);
    },
    // All or none: the screen says why none was changed, with every operator's reason.
    onRefused: (error, unplaced) => setFailure([error.message, ...unplaced].join(' ')),
  });
  const columns: ColumnsType<Operator> = [
    { title: t('fields.operator_code'), dataIndex: 'operator_code', key: 'operator_code', sorter: true },
    { title: t('fields.name'), key: 'name', sorter: true, render: (_, o) => operatorName(o) },
    { title: t('fields.customer'), key: 'customer', render: (_, o) => o.customer.name },
    {
      title: t('fields.random_video_enabled'),
      key: 'enabled',
      render: (_, o) =>
        o.random_video_enabled ? (
          <Tag color="processing">{t('status.on')}</Tag>
        ) : (
          <Tag>{t('status.off')}</Tag>
        ),
    },
    {
      title: t('fields.random_video_days'),
      key: 'days',
      render: (_, o) => o.random_video_days.map((d) => t(`days.${d}`)).join(', '),
    },
    { title: t('fields.random_video_per_week'), dataIndex: 'random_video_per_week', key: 'per_week' },
    {
      title: t('fields.random_video_minutes'),
      key: 'minutes',
      render: (_, o) => `${o.random_video_minutes} ${t('units.minutes')}`,
    },
  ];
  const canEdit = may(...ACTION_ROLES.randomVideoEdit);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canEdit && (
        <Card size="small" title={t('randomVideo.title')}>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={RANDOM_VIDEO_DEFAULTS}
            onFinish={apply.submit}
          >
            <RandomVideoFields />
            {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" disabled={selected.length === 0} loading={apply.saving}>
              {t('randomVideo.apply', { count: selected.length })}
            </Button>
          </Form>
        </Card>
      )}
      <ListToolbar searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }) }]} />
      <Table<Operator>
        {...list.tableProps}
        columns={columns}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
              }
            : undefined
        }
      />
    </Space>
  );
}
