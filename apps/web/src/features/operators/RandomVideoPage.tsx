// /management/random-video: one random video setting for many operators at once. The user picks
// operators (across pages of the server-side list) and the setting; the server applies it to all
// of them or, if any cannot take it, to none ("Operator batch update failed").
import { ACTION_ROLES, type Operator, WEEK_DAYS } from '@fleetlens/contracts';
import { Alert, Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../routes/useMay';
import { useSave } from '../../shell/forms/useSave';
import { textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { operatorKeys, setRandomVideo } from './api';
import { operatorColumns, useOperatorList } from './columns';
import { RANDOM_VIDEO_DEFAULTS, RandomVideoFields } from './RandomVideoFields';

type Values = typeof RANDOM_VIDEO_DEFAULTS;

export function RandomVideoPage() {
  const { t } = useTranslation('operators');
  const may = useMay();
  const [form] = Form.useForm<Values>();
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useOperatorList(t, 'randomVideo', false);
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
  const days = (o: Operator) => o.random_video_days.map((d) => t(`days.${d}`)).join(', ');
  const minutes = (o: Operator) => `${o.random_video_minutes} ${t('units.minutes')}`;
  const shared = operatorColumns(t, false);
  const columns: ListColumn<Operator>[] = [
    textColumn(t('fields.operator_code'), 'operator_code', (o) => o.operator_code, {
      sorter: true,
      alwaysShown: true,
    }),
    shared.name,
    shared.customer,
    shared.randomVideo(t('fields.random_video_enabled'), 'enabled'),
    textColumn(t('fields.random_video_days'), 'days', days, {
      exportField: 'random_video_days',
      codes: WEEK_DAYS,
    }),
    textColumn(t('fields.random_video_per_week'), 'per_week', (o) => o.random_video_per_week),
    textColumn(t('fields.random_video_minutes'), 'minutes', minutes),
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
      <ListPage
        list={list}
        columns={columns}
        table={{
          rowSelection: canEdit
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
              }
            : undefined,
        }}
      />
    </Space>
  );
}
