// /files/new and /files/edit?id=…: name, description, the company (staff only; a customer's user
// files under their own) and the file itself — required on upload, optional on edit (replaces the
// content). The form refuses a file over 5 MB at once; the server checks size and format again
// by content.
import { UploadOutlined } from '@ant-design/icons';
import { FILE_ACCEPT, FILE_MAX_BYTES } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { useCompanies } from '../customers/api';
import { createFile, fetchFile, fileKeys, updateFile } from './api';

type Values = { name: string; description?: string; customer_id?: string; file?: UploadFile[] };
const BACK = '/release-note/listings?tab=files';

export function FileFormPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? undefined;
  const { t } = useTranslation(['files', 'validation']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const staff = !!profile && profile.sysRole !== 'user';
  const companies = useCompanies(staff && !id);
  const existing = useQuery({
    queryKey: fileKeys.one(id ?? ''),
    queryFn: () => fetchFile(id ?? ''),
    enabled: !!id,
  });

  useEffect(() => {
    const f = existing.data;
    if (f) form.setFieldsValue({ name: f.name, description: f.description });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (values: Values) => {
      const file = values.file?.[0]?.originFileObj as File | undefined;
      const body = {
        name: values.name,
        description: values.description,
        customer_id: values.customer_id,
        file,
      };
      return id ? updateFile(id, body) : createFile(body);
    },
    invalidate: fileKeys.all,
    back: BACK,
  });

  if (id && !existing.data) return <QueryState query={existing} back={BACK} />;
  return (
    <Form<Values> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} scrollToFirstError>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[{ required: true, whitespace: true, message: t('validation:nameRequired') }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          {staff && !id && (
            <Col xs={24} md={12}>
              <Form.Item name="customer_id" label={t('fields.customer')} extra={t('ownCompany')}>
                <Select allowClear showSearch optionFilterProp="label" options={companies.options} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="file"
              label={t('fields.file')}
              valuePropName="fileList"
              getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
              extra={
                <Typography.Text type="secondary">
                  {id && existing.data ? `${t('current', { name: existing.data.file_name })} · ` : ''}
                  {t('limits')}
                </Typography.Text>
              }
              rules={[
                ...(id
                  ? []
                  : [
                      {
                        required: true,
                        type: 'array' as const,
                        min: 1,
                        message: t('validation:fileRequired'),
                      },
                    ]),
                {
                  validator: (_: unknown, value: UploadFile[] | undefined) =>
                    (value?.[0]?.size ?? 0) > FILE_MAX_BYTES
                      ? Promise.reject(new Error(t('validation:fileTooLarge')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Upload beforeUpload={() => false} maxCount={1} accept={FILE_ACCEPT}>
                <Button icon={<UploadOutlined />}>{t('choose')}</Button>
              </Upload>
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate(BACK)}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
