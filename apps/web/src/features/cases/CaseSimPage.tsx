// /cases/:id/sim/:simId (simId 'new' adds one): a SIM's settings — phone, APN, user id, password
// (never shown again once saved) — and its carrier status with the actions activate, suspend and
// re-activate. A change stays "in progress" until the carrier confirms it; meanwhile the screen
// asks to wait and looks again every few seconds.
import {
  caseResource,
  recordAddress,
  SIM_TRANSITIONS,
  type Sim,
  type SimAction,
  type SimBody,
  simBodySchema,
} from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { EditPage } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { actOnSim, caseKeys, createSim, deleteSim, fetchSim, updateSim } from './api';
import { SimStatusTag } from './SimStatusTag';

export function CaseSimPage() {
  const { id = '', simId = 'new' } = useParams();
  const isNew = simId === 'new';
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
  const editable = canOpen(caseResource.pages.edit);
  const fields = useFieldRules(simBodySchema.shape);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

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
      navigate(recordAddress(caseResource, 'detail', id));
    },
  });

  const status = (s: Sim) => {
    const actions = (Object.keys(SIM_TRANSITIONS) as SimAction[]).filter(
      (a) => SIM_TRANSITIONS[a].from === s.status,
    );
    return (
      <Card title={t('sim.status')} size="small" style={{ marginBottom: 16 }}>
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
    );
  };

  return (
    <EditPage<SimBody, Sim, Sim>
      load={
        isNew
          ? undefined
          : {
              queryKey: caseKeys.sim(id, simId),
              queryFn: () => fetchSim(id, simId),
              refetchInterval: (sim) => (sim?.pending_action ? 2000 : false),
            }
      }
      toValues={(s) => ({ phone: s.phone, apn: s.apn, user_id: s.user_id, password: '' })}
      initialValues={{ apn: '', user_id: '', password: '' }}
      save={(body) => (isNew ? createSim(id, body) : updateSim(id, simId, body))}
      invalidate={caseKeys.all}
      back={(saved) => `/cases/${id}/sim/${saved.id}`}
      cancelTo={recordAddress(caseResource, 'detail', id)}
      cancelText={t('actions.back')}
      editable={editable}
      before={(s) => s && status(s)}
      actions={(s) =>
        editable &&
        s && (
          <Popconfirm
            title={t('sim.confirmDelete', { phone: s.phone })}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove.mutate()}
          >
            <Button danger>{t('actions.delete')}</Button>
          </Popconfirm>
        )
      }
    >
      {(s) => (
        <FormSection title={t('sim.settings')}>
          <TextItem fields={fields} name="phone" label={t('sim.phone')} inputMode="tel" autoComplete="off" />
          <TextItem fields={fields} name="apn" label={t('sim.apn')} autoComplete="off" />
          <TextItem fields={fields} name="user_id" label={t('sim.user_id')} autoComplete="off" />
          <TextItem
            fields={fields}
            name="password"
            label={t('sim.password')}
            password
            extra={s?.password_set ? t('sim.passwordKept') : undefined}
          />
        </FormSection>
      )}
    </EditPage>
  );
}
