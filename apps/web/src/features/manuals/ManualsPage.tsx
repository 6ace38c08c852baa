// /manuals (admin, support): the versions of the user manual, latest first — the latest is the
// one the user menu offers. Admins upload a new version (a PDF with its version).
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { byteSize, MANUAL_MAX_BYTES, type Manual, serverTimeToLocal } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../api/formErrors';
import { useAuth } from '../../app/auth/context';
import { ListTable } from '../../shell/lists/ListTable';
import { ActionButton, actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { fetchManuals, manualKeys, uploadManual } from './api';
import { useManualDownload } from './download';

type Values = { version: string; file?: UploadFile[] };

function UploadManual() {
  const { t } = useTranslation(['manuals', 'validation']);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (values: Values) =>
      uploadManual({ version: values.version, file: values.file?.[0]?.originFileObj as File }),
    onSuccess: async () => {
      message.success(t('uploaded'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: manualKeys.all });
      await queryClient.invalidateQueries({ queryKey: manualKeys.my });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Card size="small" title={t('upload')}>
      <Form<Values>
        form={form}
        layout="inline"
        onFinish={(values) => upload.mutate(values)}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="version"
          label={t('fields.version')}
          rules={[{ required: true, whitespace: true, message: t('validation:versionRequired') }]}
        >
          <Input maxLength={50} placeholder="3.1" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('fields.file')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: t('validation:fileRequired') },
            {
              validator: (_, value: UploadFile[] | undefined) =>
                (value?.[0]?.size ?? 0) > MANUAL_MAX_BYTES
                  ? Promise.reject(new Error(t('tooLarge')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Upload beforeUpload={() => false} maxCount={1} accept=".pdf">
            <Button icon={<UploadOutlined />}>{t('choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={upload.isPending}>
            {t('actions.upload')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

export function ManualsPage() {
  const { t } = useTranslation('manuals');
  const { profile } = useAuth();
  const download = useManualDownload();
  const list = usePagedList<Manual>({
    key: manualKeys.list,
    fetch: fetchManuals,
    totalText: (total) => t('total', { count: total }),
  });
  const columns: ListColumn<Manual>[] = [
    { title: t('fields.version'), dataIndex: 'version', key: 'version', exportValue: (m) => m.version },
    {
      title: t('fields.file_name'),
      dataIndex: 'file_name',
      key: 'file_name',
      long: true,
      exportValue: (m) => m.file_name,
    },
    { title: t('fields.size'), key: 'size', render: (_, m) => byteSize(m.size) },
    { title: t('fields.created_by'), key: 'created_by', render: (_, m) => m.created_by ?? '-' },
    { title: t('fields.created_at'), key: 'created_at', render: (_, m) => serverTimeToLocal(m.created_at) },
    actionsColumn(t('actions.title'), (m) => (
      <ActionButton onClick={() => void download(m.id)}>
        <DownloadOutlined /> {t('actions.download')}
      </ActionButton>
    )),
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {profile?.sysRole === 'admin' && <UploadManual />}
      <ListTable<Manual>
        {...list.tableProps}
        state={list.state}
        // The upload above is the action that fills the list.
        empty={{ title: t('empty') }}
        columns={columns}
      />
    </Space>
  );
}
