// /cases/:id/sim/:simId (simId 'new' adds one): a SIM's settings — phone, APN, user id, password
// (never shown again once saved) — and its carrier status with the actions activate, suspend and
// re-activate. A change stays "in progress" until the carrier confirms it; meanwhile the screen
// asks to wait and looks again every few seconds.
import { SIM_TRANSITIONS, type Sim, type SimAction, type SimBody } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Popconfirm, Row, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useFormSave } from '../../shell/lists/useFormSave';
import { actOnSim, caseKeys, createSim, deleteSim, fetchSim, updateSim } from './api';
import { SimStatusTag } from './SimStatusTag';

export function CaseSimPage() {
  const { id = '', simId = 'new' } = useParams();
  const isNew = simId === 'new';
  const { t } = useTranslation(['cases', 'validation']);
  const canOpen = useCanOpen();
  const editable = canOpen('caseEdit');
  const [form] = Form.useForm<SimBody>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const sim = useQuery({
    queryKey: caseKeys.sim(id, simId),
    queryFn: () => fetchSim(id, simId),
    enabled: !isNew,
    refetchInterval: (query) => (query.state.data?.pending_action ? 2000 : false),
  });

  useEffect(() => {
    const s = sim.data;
    if (s) form.setFieldsValue({ phone: s.phone, apn: s.apn, user_id: s.user_id, password: '' });
  }, [sim.data, form]);

  const save = useFormSave({
    form,
    save: (body: SimBody) => (isNew ? createSim(id, body) : updateSim(id, simId, body)),
    invalidate: caseKeys.all,
    back: (saved: Sim) => `/cases/${id}/sim/${saved.id}`,
  });
  const refresh = async (next: Sim) => {
    queryClient.setQueryData(caseKeys.sim(id, simId), next);
    await queryClient.invalidateQueries({ queryKey: caseKeys.sims(id) });
  };
  const act = useMutation({
    mutationFn: (action: SimAction) => actOnSim(id, simId, action),
    onSuccess: async (next) => {
      message.info(t('sim.requested'));
      await refresh(next);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSim(id, simId),
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: caseKeys.all });
      navigate(`/cases/${id}/detail`);
    },
  });

  if (!isNew && !sim.data) return <Spin spinning={sim.isLoading} />;
  const s = sim.data;
  const actions = s
    ? (Object.keys(SIM_TRANSITIONS) as SimAction[]).filter((a) => SIM_TRANSITIONS[a].from === s.status)
    : [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {s && (
        <Card title={t('sim.status')} size="small">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <span data-testid="sim-status">
                <SimStatusTag sim={s} />
              </span>
              {editable &&
                actions.map((action) => (
                  <Button key={action} onClick={() => act.mutate(action)} loading={act.isPending}>
                    {t(`sim.actions.${action}`)}
                  </Button>
                ))}
            </Space>
            {s.pending_action && (
              <Alert
                type="info"
                showIcon
                message={t(s.pending_action === 'suspend' ? 'sim.waitDeactivation' : 'sim.waitActivation')}
              />
            )}
            {s.device && <span>{t('sim.fittedIn', { id: s.device.device_id })}</span>}
          </Space>
        </Card>
      )}
      <Form<SimBody>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{ apn: '', user_id: '', password: '' }}
        onFinish={(values) => save.mutate(values)}
        scrollToFirstError
      >
        <Card title={t('sim.settings')} size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="phone"
                label={t('sim.phone')}
                rules={[{ required: true, whitespace: true, message: t('validation:phoneRequired') }]}
              >
                <Input maxLength={20} inputMode="tel" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="apn" label={t('sim.apn')}>
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="user_id" label={t('sim.user_id')}>
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t('sim.password')}
                extra={s?.password_set ? t('sim.passwordKept') : undefined}
              >
                <Input.Password maxLength={64} autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Space wrap>
          {editable && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          )}
          {editable && s && (
            <Popconfirm
              title={t('sim.confirmDelete', { phone: s.phone })}
              okText={t('actions.delete')}
              cancelText={t('actions.cancel')}
              onConfirm={() => remove.mutate()}
            >
              <Button danger>{t('actions.delete')}</Button>
            </Popconfirm>
          )}
          <Button disabled={false} onClick={() => navigate(`/cases/${id}/detail`)}>
            {t('actions.back')}
          </Button>
        </Space>
      </Form>
    </Space>
  );
}
