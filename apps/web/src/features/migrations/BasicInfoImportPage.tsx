// /data-migration/basic-info-import (provider staff): a customer's vehicle, operator and device
// CSV files uploaded (and its account file, optional: the company's users, who get no password),
// the column mapping the server offers (the company's kept one, else read from the headers)
// confirmed field by field, then checked only (a dry run) or imported. The import runs as a job
// on the server; this page follows it until it ends.
import {
  IMPORT_COLUMNS,
  IMPORT_FILE_KINDS,
  type ImportFileKind,
  type MigrationImport,
  OPTIONAL_IMPORT_FILES,
  REQUIRED_IMPORT_FILES,
} from '@fleetlens/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Space, Table, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../customers/api';
import { fetchImport, importKeys, startImport, uploadImportFiles } from './api';
import { ImportResult } from './ImportResult';
import { isRunning } from './RunActions';

const FOLLOW_MS = 1_000;

/** A step of the page: a card under its heading. */
const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card
    title={
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    }
  >
    {children}
  </Card>
);
type Mappings = Partial<Record<ImportFileKind, Record<string, string>>>;

export function BasicInfoImportPage() {
  const { t } = useTranslation('migrations');
  const companies = useCompanies();
  const [customerId, setCustomerId] = useState<string>();
  const [files, setFiles] = useState<Partial<Record<ImportFileKind, File>>>({});
  const [uploaded, setUploaded] = useState<MigrationImport>();
  const [mappings, setMappings] = useState<Mappings>({});
  const [refusal, setRefusal] = useState<string>();

  const upload = useMutation({
    mutationFn: () => uploadImportFiles(customerId as string, files),
    onMutate: () => setRefusal(undefined),
    onSuccess: (item) => {
      setUploaded(item);
      setMappings(Object.fromEntries(item.files.map((f) => [f.kind, f.mapping])));
    },
    onError: (error) => setRefusal((error as Error).message),
  });
  const start = useMutation({
    mutationFn: (dryRun: boolean) =>
      startImport((uploaded as MigrationImport).id, { mappings, dry_run: dryRun }),
    onMutate: () => setRefusal(undefined),
    onError: (error) => setRefusal((error as Error).message),
  });
  const startedId = start.data?.id;
  const followed = useQuery({
    queryKey: importKeys.one(startedId ?? ''),
    queryFn: () => fetchImport(startedId as string),
    enabled: !!startedId,
    refetchInterval: (query) => (isRunning(query.state.data?.status ?? 'processing') ? FOLLOW_MS : false),
  });
  const current = followed.data ?? start.data;
  const reset = () => {
    setUploaded(undefined);
    setFiles({});
    start.reset();
  };

  return (
    <Flex vertical gap={16}>
      <Section title={t('filesTitle')}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('filesHint')}</Typography.Text>
          <Select
            aria-label={t('customer')}
            placeholder={t('customer')}
            style={{ maxWidth: 360 }}
            showSearch
            optionFilterProp="label"
            options={companies.options}
            value={customerId}
            onChange={(id: string) => {
              setCustomerId(id);
              reset();
            }}
          />
          {IMPORT_FILE_KINDS.map((kind) => (
            <Space key={kind} wrap>
              <Upload
                accept=".csv,.tsv,.txt,text/csv"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(file) => {
                  setFiles((chosen) => ({ ...chosen, [kind]: file }));
                  setUploaded(undefined);
                  start.reset();
                  return false;
                }}
              >
                <Button>{t('chooseFile', { file: t(`files.${kind}`) })}</Button>
              </Upload>
              <Typography.Text data-testid={`chosen-${kind}`}>
                {files[kind]?.name ?? t('noFile')}
              </Typography.Text>
              {OPTIONAL_IMPORT_FILES.includes(kind) && (
                <Typography.Text type="secondary">{t('optional')}</Typography.Text>
              )}
            </Space>
          ))}
          {files.account && <Alert type="info" showIcon message={t('accountsHint')} />}
          <Space>
            <Button
              type="primary"
              disabled={!customerId || REQUIRED_IMPORT_FILES.some((kind) => !files[kind])}
              loading={upload.isPending}
              onClick={() => upload.mutate()}
            >
              {t('upload')}
            </Button>
          </Space>
          {refusal && <Alert type="error" showIcon message={refusal} />}
        </Flex>
      </Section>
      {uploaded && !current && (
        <Section title={t('mappingTitle')}>
          <Flex vertical gap={12}>
            {uploaded.files.map((file) => (
              <Table
                key={file.kind}
                size="small"
                pagination={false}
                rowKey="field"
                caption={t('mappingOf', {
                  file: t(`files.${file.kind}`),
                  name: file.name,
                  encoding: file.encoding,
                })}
                dataSource={IMPORT_COLUMNS[file.kind].map((c) => ({ ...c }))}
                columns={[
                  {
                    title: t('field'),
                    dataIndex: 'field',
                    render: (field: string, c) => `${field}${c.required ? ' *' : ''}`,
                  },
                  {
                    title: t('header'),
                    key: 'header',
                    render: (_, c) => (
                      <Select
                        aria-label={`${t(`files.${file.kind}`)} ${c.field}`}
                        allowClear
                        style={{ minWidth: 220 }}
                        value={mappings[file.kind]?.[c.field]}
                        options={file.headers.map((h) => ({ value: h, label: h }))}
                        onChange={(header?: string) =>
                          setMappings((all) => {
                            const { [c.field]: _old, ...rest } = all[file.kind] ?? {};
                            return { ...all, [file.kind]: header ? { ...rest, [c.field]: header } : rest };
                          })
                        }
                      />
                    ),
                  },
                ]}
              />
            ))}
            <Space>
              <Button loading={start.isPending} onClick={() => start.mutate(true)}>
                {t('check')}
              </Button>
              <Button type="primary" loading={start.isPending} onClick={() => start.mutate(false)}>
                {t('import')}
              </Button>
            </Space>
          </Flex>
        </Section>
      )}
      {current && (
        <Section title={t('resultTitle')}>
          <ImportResult item={current} />
        </Section>
      )}
    </Flex>
  );
}
