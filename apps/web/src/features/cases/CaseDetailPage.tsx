// /cases/:id/detail: the case, the vehicles of its customer with their state and the device
// registered for each (register, detail, profile and settings), and its SIM cards with their status.
import { type Case, type CaseVehicle, caseResource, type Sim } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { VehicleState } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListTable, QueryTable } from '../../shell/lists/ListTable';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { RouteButton } from '../../shell/RouteButton';
import type { RecordField } from '../../shell/records/RecordFields';
import { RecordPage, useRecordId } from '../../shell/records/RecordPage';
import { caseKeys, cases, fetchCaseVehicles, fetchSims } from './api';
import { SimStatusTag } from './SimStatusTag';

export function CaseDetailPage() {
  const id = useRecordId(caseResource);
  const { t } = useTranslation('cases');
  const canOpen = useCanOpen();
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

  const fields = (c: Case): RecordField[] => [
    ['customer_id', c.customer.name],
    ['devices_needed', c.devices_needed],
    ['devices_registered', c.devices_registered],
    ['cards_registered', c.cards_registered],
    ['rfid', yes(c.rfid)],
    ['card_reader', yes(c.card_reader)],
    ['panic_button_values', c.panic_button_values.length ? c.panic_button_values.join(', ') : t('none')],
    ['sim', yes(c.sim)],
    ['exposed_to_kitting', yes(c.exposed_to_kitting)],
  ];

  return (
    <RecordPage
      resource={cases}
      labels="cases"
      title={(c) => c.case_number}
      fields={fields}
      confirmDelete={(c) => t('confirmDelete', { number: c.case_number })}
      back
    >
      {() => (
        <>
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
        </>
      )}
    </RecordPage>
  );
}
