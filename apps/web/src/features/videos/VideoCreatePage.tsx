// /video/:vehicleId/create?start&end: a person asks a vehicle's device for the video of a window
// of its running time (domain spec §5: at most 5 minutes, 3 with four cameras). The page shows the
// vehicle's device (cameras, longest video, connected or not) and, for users who may read the
// vehicle's state history, the periods it ran that day to choose from. The window is checked here
// as the server will; the server's refusals (vehicle offline, a video being processed, outside the
// running time) show beside the form in the user's language. Once asked, the video's progress and
// its clips follow below (?event=), played when completed. Open to every signed-in user; asking
// needs event_vid:add.
import {
  ACTION_ROLES,
  VIDEO_MAX_SECONDS,
  type VideoDevice,
  type VideoRequestAnswer,
  vehicleResource,
  videoRequestSchema,
} from '@fleetlens/contracts';
import { Alert, Card, DatePicker, Descriptions, Form, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { fetchVideoDevice, requestVideo, videoKeys } from './api';
import { RunningTime } from './RunningTime';
import { VideoProgress } from './VideoProgress';
import { videoWindowIssue, wallClock } from './videoWindow';

type WindowValues = { window: [Dayjs, Dayjs] };

/** The window of the query (start, end), else the two minutes that ended a minute ago. */
function initialWindow(search: URLSearchParams): [Dayjs, Dayjs] {
  const start = dayjs(search.get('start') ?? '');
  const end = dayjs(search.get('end') ?? '');
  if (start.isValid() && end.isValid()) return [start.startOf('second'), end.startOf('second')];
  const to = dayjs().startOf('minute').subtract(1, 'minute');
  return [to.subtract(2, 'minute'), to];
}

/**
 * What a refusal says above the form: the field messages no field took, or, for a refusal that
 * names no field (vehicle offline, a video being processed), the server's translated message.
 */
function refusalText(error: Error, unplaced: string[]): string | null {
  if (unplaced.length > 0) return unplaced.join(' ');
  const fields =
    error instanceof ApiError ? (error.data as { fields?: unknown[] } | null)?.fields : undefined;
  return fields?.length ? null : error.message;
}

function DeviceSummary({ device }: { device: VideoDevice }) {
  const { t } = useTranslation('videos');
  if (!device.device || device.online === null)
    return <Alert type="error" showIcon message={t('errors:videoVehicleOffline')} />;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'device', label: t('fields.device'), children: device.device.device_id },
        {
          key: 'cameras',
          label: t('fields.cameras'),
          children: t('device.limit', { cameras: device.cameras, minutes: device.max_seconds / 60 }),
        },
        {
          key: 'online',
          label: t('fields.connection'),
          children: device.online ? (
            <Tag color="green">{t('device.online')}</Tag>
          ) : (
            <Tag>{t('device.offline')}</Tag>
          ),
        },
      ]}
    />
  );
}

export function VideoCreatePage() {
  const { vehicleId = '' } = useParams();
  const [search] = useSearchParams();
  // Another vehicle or window asked for by address (a link to this open page) starts anew.
  return (
    <VideoRequest key={`${vehicleId}|${search.get('start')}|${search.get('end')}`} vehicleId={vehicleId} />
  );
}

function VideoRequest({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('videos');
  const [search, setSearch] = useSearchParams();
  const may = useMay();
  const canOpen = useCanOpen();
  const [form] = Form.useForm<WindowValues>();
  const fields = useFieldRules(videoRequestSchema.shape);
  const chosen = Form.useWatch('window', form);
  const [refusal, setRefusal] = useState<string | null>(null);
  const eventId = search.get('event');
  const mayAsk = may(...ACTION_ROLES.videoCreate);

  const progress = eventId && canOpen('eventVideo') && (
    <Card size="small" title={t('progress.title')}>
      <VideoProgress key={eventId} eventId={eventId} />
    </Card>
  );
  if (!mayAsk)
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('notAllowed')} />
        {progress}
      </Space>
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <EditPage<WindowValues, VideoDevice, VideoRequestAnswer>
        form={form}
        load={{ queryKey: videoKeys.device(vehicleId), queryFn: () => fetchVideoDevice(vehicleId) }}
        title={(device) => t('title', { name: device?.vehicle.name ?? '' })}
        initialValues={{ window: initialWindow(search) }}
        editable={true}
        cancelTo={-1}
        saveText={t('request')}
        save={({ window: [start, end] }) => {
          setRefusal(null);
          return requestVideo(vehicleId, { start: wallClock(start), end: wallClock(end) });
        }}
        invalidate={videoKeys.all}
        savedText={(answer) => (answer.device_offline ? t('errors:videoDeviceOffline') : t('requested'))}
        onSaved={(answer) =>
          setSearch(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('event', answer.id);
              return next;
            },
            { replace: true },
          )
        }
        fieldOf={(field) => (field === 'start' || field === 'end' ? 'window' : field)}
        onRefused={(error, unplaced) => setRefusal(refusalText(error, unplaced))}
        before={(device) => (
          <>
            {device && <DeviceSummary device={device} />}
            {refusal && (
              <Alert
                type="error"
                showIcon
                message={refusal}
                role="alert"
                data-testid="video-refusal"
                style={{ marginBottom: 16 }}
              />
            )}
          </>
        )}
      >
        {(device) => (
          <>
            <Form.Item
              name="window"
              label={t('fields.window')}
              extra={t('windowHint', { minutes: (device?.max_seconds ?? VIDEO_MAX_SECONDS) / 60 })}
              rules={[
                ...fields.required('start'),
                {
                  validator: async (_, value?: [Dayjs, Dayjs] | null) => {
                    if (!value?.[0] || !value[1]) return;
                    const issue = videoWindowIssue(value[0], value[1], device?.cameras ?? 1);
                    if (issue) throw new Error(t(`validation:${issue}`));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm:ss' }}
                format="YYYY-MM-DD HH:mm:ss"
                allowClear={false}
                aria-label={t('fields.window')}
                placeholder={[t('fields.start'), t('fields.end')]}
              />
            </Form.Item>
            {device?.device && canOpen(vehicleResource.pages.detail) && (
              <RunningTime
                vehicleId={vehicleId}
                day={chosen?.[0] ?? initialWindow(search)[0]}
                maxSeconds={device.max_seconds}
                onPick={(window) => {
                  form.setFieldsValue({ window });
                  void form.validateFields(['window']);
                }}
              />
            )}
          </>
        )}
      </EditPage>
      {progress}
    </Space>
  );
}
