// /firmwares/:id/upload (id "new"): the OTA settings of a new firmware file. The file's name must
// follow the spec's pattern (dv426_upgrade_yyyymmdd.nnnn_fk_Rename, dv456_…); its device type and
// version are read from it and shown before anything is sent. The file goes straight to object
// storage through a one-time signed address; the server then keeps it with its SHA-256.
import { UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_DESCRIPTION_MAX, type FirmwareUploadBody, parseFirmwareName } from '@fleetlens/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Switch, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSave } from '../../shell/forms/useSave';
import { RouteButton } from '../../shell/RouteButton';
import { firmwares, uploadFirmware } from './api';

type Values = { file_name: string; description: string; latest: boolean };

export function FirmwareUploadPage() {
  const { t } = useTranslation('firmware');
  const { t: tv } = useTranslation('validation');
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File>();
  const name = file ? parseFirmwareName(file.name) : undefined;
  const save = useSave<Values>({
    form,
    save: async (values) => {
      const body: FirmwareUploadBody = {
        file_name: values.file_name,
        description: values.description ?? '',
        latest: values.latest ?? false,
        ...(name ? { version: name.version, device_type: name.device_type } : {}),
      };
      if (!file) throw new Error(tv('fileRequired'));
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
        initialValues={{ description: '', latest: false }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label={t('fields.file')} required extra={t('namePattern')}>
          {/* The chosen file's name is the field the rules check; the file itself stays out of the form. */}
          <Form.Item
            name="file_name"
            noStyle
            rules={[
              { required: true, message: tv('fileRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value || parseFirmwareName(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(tv('firmwareFileName'))),
              },
            ]}
          >
            <Input type="hidden" />
          </Form.Item>
          <Upload
            maxCount={1}
            showUploadList={file ? { showRemoveIcon: true } : false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              form.setFieldValue('file_name', chosen.name);
              void form.validateFields(['file_name']);
              return false;
            }}
            onRemove={() => {
              setFile(undefined);
              form.setFieldValue('file_name', undefined);
            }}
          >
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
