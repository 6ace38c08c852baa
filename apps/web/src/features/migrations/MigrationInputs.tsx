// The inputs the migration screens share: the company a migration is for, a CSV file chosen (the
// name shown beside its button), and a kind's fields each with the column it is read from.
import { Button, Select, Space, Table, Typography, Upload } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../customers/api';

export interface CompanySelectProps {
  value?: string;
  onChange: (id: string) => void;
  /** false: in a closed dialog, the companies are not fetched yet. */
  enabled?: boolean;
  style?: CSSProperties;
}

export function CompanySelect({ value, onChange, enabled, style }: CompanySelectProps) {
  const { t } = useTranslation('migrations');
  const companies = useCompanies(enabled);
  return (
    <Select
      aria-label={t('customer')}
      placeholder={t('customer')}
      style={style}
      showSearch
      optionFilterProp="label"
      options={companies.options}
      value={value}
      onChange={onChange}
    />
  );
}

export interface CsvChooserProps {
  /** The file's kind: its test id is `chosen-<kind>`. */
  kind: string;
  /** The file's name as the user knows it, on the button. */
  label: string;
  file?: File;
  onChoose: (file: File) => void;
  children?: ReactNode;
}

export function CsvChooser({ kind, label, file, onChoose, children }: CsvChooserProps) {
  const { t } = useTranslation('migrations');
  return (
    <Space wrap>
      <Upload
        accept=".csv,.tsv,.txt,text/csv"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(chosen) => {
          onChoose(chosen);
          return false;
        }}
      >
        <Button>{t('chooseFile', { file: label })}</Button>
      </Upload>
      <Typography.Text data-testid={`chosen-${kind}`}>{file?.name ?? t('noFile')}</Typography.Text>
      {children}
    </Space>
  );
}

export interface MappingFieldsProps {
  caption: ReactNode;
  fields: readonly { field: string; required?: boolean }[];
  /** The input of the column a field is read from. */
  header: (field: string) => ReactNode;
}

/** A kind's fields (a required one starred), each with the input of its column. */
export function MappingFields({ caption, fields, header }: MappingFieldsProps) {
  const { t } = useTranslation('migrations');
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      caption={caption}
      dataSource={fields.map((c) => ({ field: c.field, required: !!c.required }))}
      columns={[
        {
          title: t('field'),
          dataIndex: 'field',
          render: (field: string, c) => `${field}${c.required ? ' *' : ''}`,
        },
        { title: t('header'), key: 'header', render: (_, c) => header(c.field) },
      ]}
    />
  );
}
