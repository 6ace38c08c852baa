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
import { Alert, Button, Card, Flex, Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchImport, importKeys, startImport, uploadImportFiles } from './api';
import { ImportResult } from './ImportResult';
import { CompanySelect, CsvChooser, MappingFields } from './MigrationInputs';
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
          <CompanySelect
            style={{ maxWidth: 360 }}
            value={customerId}
            onChange={(id) => {
              setCustomerId(id);
              reset();
            }}
          />
          {IMPORT_FILE_KINDS.map((kind) => (
            <CsvChooser
              key={kind}
              kind={kind}
              label={t(`files.${kind}`)}
              file={files[kind]}
              onChoose={(file) => {
                setFiles((chosen) => ({ ...chosen, [kind]: file }));
                setUploaded(undefined);
                start.reset();
              }}
            >
              {OPTIONAL_IMPORT_FILES.includes(kind) && (
                <Typography.Text type="secondary">{t('optional')}</Typography.Text>
              )}
            </CsvChooser>
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
              <MappingFields
                key={file.kind}
                caption={t('mappingOf', {
                  file: t(`files.${file.kind}`),
                  name: file.name,
                  encoding: file.encoding,
                })}
                fields={IMPORT_COLUMNS[file.kind]}
                header={(field) => (
                  <Select
                    aria-label={`${t(`files.${file.kind}`)} ${field}`}
                    allowClear
                    style={{ minWidth: 220 }}
                    value={mappings[file.kind]?.[field]}
                    options={file.headers.map((h) => ({ value: h, label: h }))}
                    onChange={(header?: string) =>
                      setMappings((all) => {
                        const { [field]: _old, ...rest } = all[file.kind] ?? {};
                        return { ...all, [file.kind]: header ? { ...rest, [field]: header } : rest };
                      })
                    }
                  />
                )}
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
