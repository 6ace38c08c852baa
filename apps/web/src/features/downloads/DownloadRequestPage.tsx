// /download-request (download role "request and download"): a manager asks for one of the
// company's figures over a period, synchronously (the file is made within the request and saved
// at once; its link works 60 seconds) or asynchronously (a job followed on /download-result; its
// link works 60 minutes). The period's longest length per type, the company's enabled types and
// the time-out's advice to use the scheduled mode are the server's refusals, shown under their
// fields or above the form in the user's language.
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_METHODS,
  DOWNLOAD_TYPE_MONTHS,
  DOWNLOAD_TYPES,
  type DownloadFormat,
  type DownloadMethod,
  type DownloadRequestItem,
  type DownloadType,
  longestPeriodStart,
} from '@fleetlens/contracts';
import { Alert, Button, DatePicker, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../shell/forms/EditPage';
import { ChoiceItem } from '../../shell/forms/items';
import { downloadKeys, requestDownload, saveDownload } from './api';

type RequestValues = {
  download_type: DownloadType;
  period: [Dayjs, Dayjs];
  method: DownloadMethod;
  format: DownloadFormat;
};

const DAY = 'YYYY-MM-DD';

/** The type's longest period that ends today. */
const longestPeriod = (type: DownloadType): [Dayjs, Dayjs] => {
  const today = dayjs().format(DAY);
  return [dayjs(longestPeriodStart(today, DOWNLOAD_TYPE_MONTHS[type])), dayjs(today)];
};

export function DownloadRequestPage() {
  const { t } = useTranslation('downloads');
  const [form] = Form.useForm<RequestValues>();
  const [made, setMade] = useState<DownloadRequestItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ended = made && made.method === 'sync' && made.status !== 'completed';

  return (
    <EditPage<RequestValues, never, DownloadRequestItem>
      form={form}
      labels="downloads"
      initialValues={{
        download_type: DOWNLOAD_TYPES[0],
        period: longestPeriod(DOWNLOAD_TYPES[0]),
        method: 'async',
        format: 'csv',
      }}
      noCancel
      saveText={t('request')}
      save={({ download_type, period: [from, to], method, format }) => {
        setRefusal(null);
        setMade(null);
        return requestDownload({ download_type, from: from.format(DAY), to: to.format(DAY), method, format });
      }}
      invalidate={downloadKeys.lists}
      // An asynchronous request is followed on the results; a synchronous one is saved here.
      back={(answer) => (answer.method === 'async' ? '/download-result' : '/download-request')}
      savedText={(answer) =>
        t(answer.method === 'async' ? 'queued' : answer.status === 'completed' ? 'made' : 'ended')
      }
      onSaved={(answer) => {
        setMade(answer);
        if (answer.method === 'sync' && answer.status === 'completed') void saveDownload(answer);
      }}
      fieldOf={(field) => (field === 'from' || field === 'to' ? 'period' : field)}
      // The fields' messages stand under them; a refusal of the whole request is the call's own notice.
      onRefused={(_error, unplaced) => setRefusal(unplaced.length ? unplaced.join(' ') : null)}
      onValuesChange={(changed: Partial<RequestValues>) => {
        if (changed.download_type) form.setFieldsValue({ period: longestPeriod(changed.download_type) });
      }}
      before={() => (
        <>
          {refusal && (
            <Alert type="error" showIcon role="alert" message={refusal} style={{ marginBottom: 16 }} />
          )}
          {ended && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={made.message ? t(`validation:${made.message}`) : t(`states.${made.status}`)}
              style={{ marginBottom: 16 }}
            />
          )}
          {made?.method === 'sync' && made.status === 'completed' && (
            <Alert
              type="success"
              showIcon
              data-testid="download-made"
              message={t('madeHint')}
              action={<Button onClick={() => void saveDownload(made)}>{t('download')}</Button>}
              style={{ marginBottom: 16 }}
            />
          )}
        </>
      )}
    >
      <ChoiceItem<DownloadType>
        name="download_type"
        values={DOWNLOAD_TYPES}
        labelOf={(type) => t(`customers:downloadTypes.${type}`)}
        rules={[{ required: true, message: t('validation:required') }]}
      />
      <Form.Item
        name="period"
        label={t('fields.period')}
        extra={t('periodHint')}
        rules={[{ required: true, message: t('validation:reportPeriodRequired') }]}
      >
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('fields.period')}
          placeholder={[t('fields.from'), t('fields.to')]}
        />
      </Form.Item>
      <Form.Item name="method" label={t('fields.method')} extra={t('methodHint')}>
        <Radio.Group
          options={DOWNLOAD_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
        />
      </Form.Item>
      <Form.Item name="format" label={t('fields.format')}>
        <Radio.Group
          options={DOWNLOAD_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
        />
      </Form.Item>
    </EditPage>
  );
}
