// /data-migration/settings (provider staff): what support sets once for a company's migration, so
// its files are read the same way every time: the column each field is read from, per file kind
// (kept from the last import, editable here, offered first for the next files), the kinds and the
// number of months a new past data transfer proposes, and the time setting the other system wrote
// its wall-clock times in.
import {
  IMPORT_COLUMNS,
  MIGRATION_MAPPING_KINDS,
  type MigrationMappingKind,
  type MigrationSettings,
  TRANSFER_COLUMNS,
  TRANSFER_KINDS,
  type TransferKind,
} from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalLines } from '../../api/formErrors';
import { saveMigrationSettings, transferKeys, useMigrationSettings } from './api';
import { CompanySelect, MappingFields } from './MigrationInputs';

const columnsOf = (kind: MigrationMappingKind) =>
  kind === 'event' || kind === 'regular' ? TRANSFER_COLUMNS[kind] : IMPORT_COLUMNS[kind];

type Mappings = MigrationSettings['mappings'];

export interface MappingTableProps {
  kind: MigrationMappingKind;
  mappings: Mappings;
  onChange: (mappings: Mappings) => void;
}

/** A kind's fields, each with the column of the company's files it is read from (empty: by its name). */
export function MappingTable({ kind, mappings, onChange }: MappingTableProps) {
  const { t } = useTranslation('migrations');
  const set = (field: string, header: string) => {
    const { [field]: _old, ...rest } = mappings[kind] ?? {};
    const next = header.trim() ? { ...rest, [field]: header } : rest;
    const { [kind]: _kind, ...others } = mappings;
    onChange(Object.keys(next).length > 0 ? { ...others, [kind]: next } : others);
  };
  return (
    <MappingFields
      caption={t(`mappingKinds.${kind}`)}
      fields={columnsOf(kind)}
      header={(field) => (
        <Input
          aria-label={`${t(`mappingKinds.${kind}`)} ${field}`}
          placeholder={t('headerByName')}
          style={{ minWidth: 220 }}
          value={mappings[kind]?.[field] ?? ''}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    />
  );
}

export function MigrationSettingsPage() {
  const { t } = useTranslation('migrations');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [customerId, setCustomerId] = useState<string>();
  const [draft, setDraft] = useState<MigrationSettings>();
  const [refusal, setRefusal] = useState<string[]>([]);
  const settings = useMigrationSettings(customerId);
  useEffect(() => setDraft(settings.data), [settings.data]);
  const save = useMutation({
    mutationFn: () => saveMigrationSettings(customerId as string, draft as MigrationSettings),
    onMutate: () => setRefusal([]),
    onSuccess: async (saved) => {
      client.setQueryData(transferKeys.settings(customerId as string), saved);
      await client.invalidateQueries({ queryKey: transferKeys.settings(customerId as string) });
      message.success(t('settingsSaved'));
    },
    onError: (error) => setRefusal(refusalLines(error)),
  });
  const change = (part: Partial<MigrationSettings>) => setDraft((d) => (d ? { ...d, ...part } : d));
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('settingsHint')}</Typography.Text>
          <CompanySelect style={{ maxWidth: 360 }} value={customerId} onChange={setCustomerId} />
        </Flex>
      </Card>
      {draft && customerId && (
        <Card title={t('settingsTitle')}>
          <Form layout="vertical" onFinish={() => save.mutate()}>
            <Form.Item label={t('defaultKinds')}>
              <Checkbox.Group
                aria-label={t('defaultKinds')}
                value={draft.default_kinds}
                onChange={(chosen) => change({ default_kinds: chosen as TransferKind[] })}
                options={TRANSFER_KINDS.map((kind) => ({ value: kind, label: t(`transferKinds.${kind}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('defaultMonths')} extra={t('defaultMonthsHint')}>
              <InputNumber
                aria-label={t('defaultMonths')}
                min={1}
                max={120}
                value={draft.default_months}
                onChange={(v) => change({ default_months: Number(v ?? 0) })}
              />
            </Form.Item>
            <Form.Item label={t('sourceOffset')} extra={t('sourceOffsetHint')}>
              <InputNumber
                aria-label={t('sourceOffset')}
                min={-720}
                max={840}
                step={15}
                value={draft.source_utc_offset}
                onChange={(v) => change({ source_utc_offset: Number(v ?? 0) })}
              />
            </Form.Item>
            <Typography.Title level={5}>{t('mappingsTitle')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('mappingsHint')}</Typography.Paragraph>
            <Flex vertical gap={12}>
              {MIGRATION_MAPPING_KINDS.map((kind) => (
                <MappingTable
                  key={kind}
                  kind={kind}
                  mappings={draft.mappings}
                  onChange={(mappings) => change({ mappings })}
                />
              ))}
            </Flex>
            {refusal.length > 0 && (
              <Alert
                style={{ marginTop: 12 }}
                type="error"
                showIcon
                message={refusal.map((r) => <div key={r}>{r}</div>)}
              />
            )}
            <Button style={{ marginTop: 12 }} type="primary" htmlType="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Form>
        </Card>
      )}
    </Flex>
  );
}
