// /cases/:id/detail: the case, the vehicles of its customer with their state and the device
// registered for each (register, detail, profile and settings), and its SIM cards with their status.
import {
  type CaseVehicle,
  caseResource,
  editLink,
  listAddress,
  removeRoles,
  type Sim,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { VehicleState } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { DetailActions } from '../../shell/DetailActions';
import { ListTable, QueryTable } from '../../shell/lists/ListTable';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { QueryState } from '../../shell/QueryState';
import { RouteButton } from '../../shell/RouteButton';
import { caseKeys, deleteCase, fetchCase, fetchCaseVehicles, fetchSims } from './api';
import { SimStatusTag } from './SimStatusTag';

export function CaseDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
  const kase = useQuery({ queryKey: caseKeys.one(id), queryFn: () => fetchCase(id) });
  const sims = useQuery({ queryKey: caseKeys.sims(id), queryFn: () => fetchSims(id) });
  const vehicles = usePagedList<CaseVehicle>({
    key: (params: ListParams) => caseKeys.vehicles(id, params),
    fetch: (params: ListParams, options) => fetchCaseVehicles(id, params, options),
    totalText: (total) => t('vehicleTotal', { count: total }),
    // Beside the case's own record: its list of vehicles is part of the page, not its address.
    address: false,
  });
  const yes = (v: boolean) => (v ? t('yes') : t('no'));

  const vehicleColumns: ColumnsType<CaseVehicle> = [
    { title: t('vehicle'), key: 'name', dataIndex: 'name' },
    {
      title: t('maps:fields.state'),
      key: 'state',
      render: (_, v) => <VehicleState state={v.state} />,
    },
    {
      title: t('device'),
      key: 'device',
      render: (_, v) =>
        v.device ? (
          <Space size={4}>
            {canOpen('caseDeviceDetail') ? (
              <Link to={`/cases/${id}/vehicles/${v.id}/detail-device`}>{v.device.device_id}</Link>
            ) : (
              v.device.device_id
            )}
            {v.device.case && v.device.case.id !== id && (
              <Tag>{t('otherCase', { number: v.device.case.name })}</Tag>
            )}
          </Space>
        ) : (
          <Tag>{t('noDevice')}</Tag>
        ),
    },
    { title: t('cameras'), key: 'cameras', render: (_, v) => v.device?.camera_count ?? '' },
    {
      title: t('actions.title'),
      key: 'actions',
      render: (_, v) => (
        <Space size="small" wrap>
          {canOpen('caseRegisterDevice') && (
            <Link to={`/cases/${id}/vehicles/${v.id}/edit-register-device`}>
              {v.device ? t('actions.changeDevice') : t('actions.registerDevice')}
            </Link>
          )}
          {v.device?.case?.id === id && canOpen('caseDevice') && (
            <Link to={`/cases/${id}/device/${v.device.id}`}>{t('actions.deviceSettings')}</Link>
          )}
        </Space>
      ),
    },
  ];
  const simColumns: ColumnsType<Sim> = [
    {
      title: t('sim.phone'),
      key: 'phone',
      render: (_, s) =>
        canOpen('caseSim') ? <Link to={`/cases/${id}/sim/${s.id}`}>{s.phone}</Link> : s.phone,
    },
    { title: t('sim.apn'), key: 'apn', dataIndex: 'apn' },
    { title: t('sim.status'), key: 'status', render: (_, s) => <SimStatusTag sim={s} /> },
    { title: t('device'), key: 'device', render: (_, s) => s.device?.device_id ?? '' },
  ];

  if (!kase.data) return <QueryState query={kase} back={listAddress(caseResource)} />;
  const c = kase.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DetailActions
        t={t}
        edit={editLink(caseResource, id)}
        remove={{
          roles: removeRoles(caseResource) ?? [],
          confirm: t('confirmDelete', { number: c.case_number }),
          call: () => deleteCase(id),
          invalidate: caseKeys.all,
        }}
        back={listAddress(caseResource)}
      />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title={c.case_number}>
        <Descriptions.Item label={t('fields.customer_id')}>{c.customer.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.devices_needed')}>{c.devices_needed}</Descriptions.Item>
        <Descriptions.Item label={t('fields.devices_registered')}>{c.devices_registered}</Descriptions.Item>
        <Descriptions.Item label={t('fields.cards_registered')}>{c.cards_registered}</Descriptions.Item>
        <Descriptions.Item label={t('fields.rfid')}>{yes(c.rfid)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.card_reader')}>{yes(c.card_reader)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.panic_button_values')}>
          {c.panic_button_values.length ? c.panic_button_values.join(', ') : t('none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.sim')}>{yes(c.sim)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.exposed_to_kitting')}>
          {yes(c.exposed_to_kitting)}
        </Descriptions.Item>
      </Descriptions>
      <Card title={t('sections.vehicles')} size="small">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <ListToolbar
            searches={[{ label: t('vehicleSearch'), onSearch: (filter) => vehicles.refine({ filter }) }]}
          />
          <ListTable<CaseVehicle>
            {...vehicles.tableProps}
            state={vehicles.state}
            empty={{ title: t('vehiclesEmpty') }}
            columns={vehicleColumns}
          />
        </Space>
      </Card>
      <Card
        title={t('sections.sims')}
        size="small"
        extra={
          canOpen(caseResource.pages.edit) && (
            <RouteButton to={`/cases/${id}/sim/new`}>{t('actions.addSim')}</RouteButton>
          )
        }
      >
        <QueryTable<Sim>
          query={sims}
          empty={{
            title: t('simsEmpty'),
            create: canOpen(caseResource.pages.edit) && {
              to: `/cases/${id}/sim/new`,
              label: t('actions.addSim'),
            },
          }}
          columns={simColumns}
        />
      </Card>
    </Space>
  );
}
