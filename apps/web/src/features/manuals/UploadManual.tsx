// The admin's upload of a new manual version: its version and the PDF, each with the rules of the
// upload's description in the contracts (the server's upload route reads the same).
import { UploadOutlined } from '@ant-design/icons';
import { manualUpload } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { useFieldRules, useFileRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { useSave } from '../../shell/forms/useSave';
import { manualKeys, uploadManual } from './api';

type Values = { version: string; file?: UploadFile[] };

export function UploadManual() {
  const { t } = useTranslation('manuals');
  const [form] = Form.useForm<Values>();
  const fields = useFieldRules(manualUpload.fields.shape);
  const fileRules = useFileRules(manualUpload.file);
  const queryClient = useQueryClient();
  const upload = useSave<Values>({
    form,
    save: (values) =>
      uploadManual({ version: values.version, file: values.file?.[0]?.originFileObj as File }),
    // The list of versions and the user menu's latest manual alike.
    invalidate: manualKeys.all,
    savedText: t('uploaded'),
    onSaved: () => {
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: manualKeys.my });
    },
  });
  return (
    <Card size="small" title={t('upload')}>
      <Form<Values> form={form} layout="inline" onFinish={upload.submit} style={{ rowGap: 8 }}>
        <TextItem fields={fields} name="version" label={t('fields.version')} placeholder="3.1" />
        <Form.Item
          name="file"
          label={t('fields.file')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={fileRules}
        >
          <Upload beforeUpload={() => false} maxCount={1} accept=".pdf">
            <Button icon={<UploadOutlined />}>{t('choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={upload.saving}>
            {t('actions.upload')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
