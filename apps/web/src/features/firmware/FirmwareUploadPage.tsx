// /firmwares/:id/upload (id "new"): the OTA settings of a new firmware file. The file's name must
// follow the spec's pattern (dv426_upgrade_yyyymmdd.nnnn_fk_Rename, dv456_…); its device type and
// version are read from it and shown before anything is sent. The file goes straight to object
// storage through a one-time signed address; the server then keeps it with its SHA-256.
import { UploadOutlined } from '@ant-design/icons';
import {
  FIRMWARE_DESCRIPTION_MAX,
  type FirmwareUploadBody,
  firmwareUpload,
  parseFirmwareName,
} from '@fleetlens/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Switch, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileRules } from '../../shell/forms/fieldRules';
import { useSave } from '../../shell/forms/useSave';
import { RouteButton } from '../../shell/RouteButton';
import { firmwares, uploadFirmware } from './api';

type Values = { file: UploadFile[]; description: string; latest: boolean };

export function FirmwareUploadPage() {
  const { t } = useTranslation('firmware');
  const [form] = Form.useForm<Values>();
  const fileRules = useFileRules(firmwareUpload.file);
  const chosen = Form.useWatch('file', form)?.[0];
  const name = chosen ? parseFirmwareName(chosen.name) : undefined;
  const save = useSave<Values>({
    form,
    save: async (values) => {
      // The rules asked for the file; the form holds it as the browser picked it.
      const file = values.file[0]?.originFileObj as File;
      const parsed = parseFirmwareName(file.name);
      const body: FirmwareUploadBody = {
        file_name: file.name,
        description: values.description ?? '',
        latest: values.latest ?? false,
        ...(parsed ? { version: parsed.version, device_type: parsed.device_type } : {}),
      };
      return uploadFirmware(body, file);
    },
    invalidate: firmwares.keys.all,
    back: (answer) => `/firmwares/${(answer as { id: string }).id}/info`,
    savedText: t('uploaded'),
  });
  return (
    <Card title={t('uploadTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save.submit}
        initialValues={{ file: [], description: '', latest: false }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          name="file"
          label={t('fields.file')}
          extra={t('namePattern')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={fileRules}
        >
          {/* The file stays in the browser until the server answers its signed address. */}
          <Upload beforeUpload={() => false} maxCount={1}>
            <Button icon={<UploadOutlined />}>{t('actions.choose')}</Button>
          </Upload>
        </Form.Item>
        {name && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('fields.device_type')}>{name.device_type}</Descriptions.Item>
            <Descriptions.Item label={t('fields.version')}>{name.version}</Descriptions.Item>
            <Descriptions.Item label={t('fields.build_date')}>{name.build_date}</Descriptions.Item>
          </Descriptions>
        )}
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={FIRMWARE_DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item name="latest" label={t('fields.latest')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Alert type="info" showIcon message={t('checksumNote')} style={{ marginBottom: 16 }} />
        <Space>
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('actions.upload')}
          </Button>
          <RouteButton to="/firmwares">{t('actions.cancel')}</RouteButton>
        </Space>
      </Form>
    </Card>
  );
}
