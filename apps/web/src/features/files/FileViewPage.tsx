// /files/:type/:type_id/view/:id: a file's facts and its preview — PDFs in a frame, images as
// images, text and CSV as text; office files are offered for download. The content comes through
// the short-lived signed link the server gives with the file.
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { byteSize, listAddress, releaseNoteResource, serverTimeToLocal } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { RouteButton } from '../../shell/RouteButton';
import { type FileWithLink, fetchFile, fileKeys } from './api';

function Preview({ file }: { file: FileWithLink }) {
  const { t } = useTranslation('files');
  const text = useQuery({
    queryKey: [...fileKeys.one(file.id), 'text', file.link.url],
    queryFn: async () => (await fetch(file.link.url)).text(),
    enabled: file.format === 'text',
  });
  switch (file.format) {
    case 'pdf':
      return (
        <iframe
          title={t('preview')}
          src={file.link.url}
          style={{ width: '100%', height: '75vh', border: '1px solid var(--ant-color-border)' }}
        />
      );
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return <img alt={file.name} src={file.link.url} style={{ maxWidth: '100%', maxHeight: '75vh' }} />;
    case 'text':
      return text.isLoading ? (
        <Spin />
      ) : (
        <pre style={{ maxHeight: '75vh', overflow: 'auto', margin: 0 }}>{text.data}</pre>
      );
    default:
      return <Empty description={t('noPreview')} />;
  }
}

export function FileViewPage() {
  const { id = '', type, type_id: typeId } = useParams();
  const { t } = useTranslation('files');
  const canOpen = useCanOpen();
  const query = useQuery({ queryKey: fileKeys.one(id), queryFn: () => fetchFile(id), retry: false });
  const file = query.data;
  if (query.isLoading) return <Spin />;
  // The path names the file's owner too: a file reached under another owner does not exist there.
  if (!file || file.type !== type || file.type_id !== typeId)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Link to={`${listAddress(releaseNoteResource)}?tab=files`}>{t('back')}</Link>}
      />
    );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={<Typography.Text strong>{file.name}</Typography.Text>}
        extra={
          <Space wrap>
            <a href={`${file.link.url}&download=1`} download={file.file_name}>
              <Button icon={<DownloadOutlined />}>{t('actions.download')}</Button>
            </a>
            {canOpen('fileEdit') && (
              <RouteButton to={`/files/edit?id=${file.id}`} icon={<EditOutlined />}>
                {t('actions.edit')}
              </RouteButton>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('fields.description')}>{file.description || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.customer')}>{file.customer.name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.file_name')}>{file.file_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.size')}>{byteSize(file.size)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.user')}>{file.user?.name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.updated_at')}>
            {serverTimeToLocal(file.updated_at)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('preview')}>
        <Preview file={file} />
      </Card>
    </Space>
  );
}
