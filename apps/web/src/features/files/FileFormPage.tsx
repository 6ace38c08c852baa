// /files/new and /files/edit?id=…: name, description, the company (staff only; a customer's user
// files under their own) and the file itself — required on upload, optional on edit (replaces the
// content): the upload's description in the contracts, which the server reads too. The form
// refuses a file over 5 MB at once; the server checks size and format again by content.
import { UploadOutlined } from '@ant-design/icons';
import {
  FILE_ACCEPT,
  fileEditUpload,
  fileUpload,
  listAddress,
  releaseNoteResource,
} from '@fleetlens/contracts';
import { Button, Card, Col, Form, Row, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules, useFileRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { useCompanies } from '../customers/api';
import { createFile, type FileWithLink, fetchFile, fileKeys, updateFile } from './api';

type Values = { name: string; description?: string; customer_id?: string; file?: UploadFile[] };
const BACK = `${listAddress(releaseNoteResource)}?tab=files`;

export function FileFormPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? undefined;
  const { t } = useTranslation(['files', 'validation']);
  const { profile } = useAuth();
  const staff = !!profile && profile.sysRole !== 'user';
  const companies = useCompanies(staff && !id);
  const fields = useFieldRules(fileUpload.fields.shape);
  const fileRules = useFileRules((id ? fileEditUpload : fileUpload).file);
  const save = (values: Values) => {
    const file = values.file?.[0]?.originFileObj as File | undefined;
    const body = {
      name: values.name,
      description: values.description,
      customer_id: values.customer_id,
      file,
    };
    return id ? updateFile(id, body) : createFile(body);
  };
  return (
    <EditPage<Values, FileWithLink>
      load={id ? { queryKey: fileKeys.one(id), queryFn: () => fetchFile(id) } : undefined}
      toValues={(f) => ({ name: f.name, description: f.description })}
      save={save}
      invalidate={fileKeys.all}
      back={BACK}
    >
      {(existing) => (
        <Card size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <TextItem fields={fields} name="name" label={t('fields.name')} />
            </Col>
            {staff && !id && (
              <Col xs={24} md={12}>
                <Form.Item name="customer_id" label={t('fields.customer')} extra={t('ownCompany')}>
                  <Select allowClear showSearch optionFilterProp="label" options={companies.options} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24}>
              <TextItem fields={fields} name="description" label={t('fields.description')} rows={3} />
            </Col>
            <Col xs={24}>
              <Form.Item
                name="file"
                label={t('fields.file')}
                valuePropName="fileList"
                getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
                extra={
                  <Typography.Text type="secondary">
                    {existing ? `${t('current', { name: existing.file_name })} · ` : ''}
                    {t('limits')}
                  </Typography.Text>
                }
                rules={fileRules}
              >
                <Upload beforeUpload={() => false} maxCount={1} accept={FILE_ACCEPT}>
                  <Button icon={<UploadOutlined />}>{t('choose')}</Button>
                </Upload>
              </Form.Item>
            </Col>
          </Row>
        </Card>
      )}
    </EditPage>
  );
}
