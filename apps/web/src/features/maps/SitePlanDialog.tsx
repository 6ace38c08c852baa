// Setting a company's site plan: a GeoJSON file (drawn as map layers) or an image placed on the
// map by its edges in longitude and latitude (first the view the map shows). The server checks
// the file (contracts sitePlan.ts) and answers a refusal under the field it concerns; a refused
// file changes nothing. The plan can also be removed.
import { UploadOutlined } from '@ant-design/icons';
import { type SitePlanCorners, sitePlanPlaceSchema, sitePlanUpload } from '@fleetlens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Radio, Select, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { useFieldRules, useFileRules } from '../../shell/forms/fieldRules';
import { useSave } from '../../shell/forms/useSave';
import { removeSitePlan, sitePlanKeys, uploadSitePlan } from './api';

type Values = {
  customer_id: string;
  kind: 'geojson' | 'image';
  file?: UploadFile[];
  west?: number;
  east?: number;
  south?: number;
  north?: number;
};

export type SitePlanDialogProps = {
  open: boolean;
  onClose: () => void;
  companies: { value: string; label: string }[];
  company: string | undefined;
  /** Where an image goes unless told otherwise: [[west, south], [east, north]]. */
  view: [[number, number], [number, number]] | undefined;
  /** The companies that have a plan (they may remove it). */
  withPlan: ReadonlySet<string>;
};

const EDGES = ['west', 'east', 'south', 'north'] as const;

export function SitePlanDialog({ open, onClose, companies, company, view, withPlan }: SitePlanDialogProps) {
  const { t } = useTranslation('maps');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const fields = useFieldRules(sitePlanPlaceSchema.shape);
  const fileRules = useFileRules(sitePlanUpload.file);
  const queryClient = useQueryClient();
  const kind = Form.useWatch('kind', form);
  const customer = Form.useWatch('customer_id', form);
  const save = useSave<Values>({
    form,
    save: (v) => {
      const file = v.file?.[0]?.originFileObj as File;
      if (v.kind === 'geojson') return uploadSitePlan(v.customer_id, { kind: 'geojson', file });
      const [w, e, s, n] = [v.west ?? 0, v.east ?? 0, v.south ?? 0, v.north ?? 0];
      const corners: SitePlanCorners = [
        [w, n],
        [e, n],
        [e, s],
        [w, s],
      ];
      return uploadSitePlan(v.customer_id, { kind: 'image', file, corners });
    },
    invalidate: sitePlanKeys.all,
    savedText: t('sitePlan.saved'),
    // The server names an image's corners as one field; the form shows it under the north edge.
    fieldOf: (field) => (field === 'corners' ? 'north' : field),
    onSaved: onClose,
  });
  const remove = async () => {
    await removeSitePlan(customer);
    await queryClient.invalidateQueries({ queryKey: sitePlanKeys.all });
    message.success(t('sitePlan.removed'));
    onClose();
  };
  const [[west, south], [east, north]] = view ?? [
    [0, 0],
    [0, 0],
  ];

  return (
    <Modal
      open={open}
      title={t('sitePlan.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        withPlan.has(customer) && (
          <Button key="remove" danger onClick={() => void remove()}>
            {t('sitePlan.remove')}
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          {t('sitePlan.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.saving} onClick={() => form.submit()}>
          {t('sitePlan.save')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save.submit}
        initialValues={{
          customer_id: company ?? companies[0]?.value,
          kind: 'geojson',
          west,
          east,
          south,
          north,
        }}
      >
        <Form.Item name="customer_id" label={t('sitePlan.company')} rules={fields.required('customer_id')}>
          <Select options={companies} />
        </Form.Item>
        <Form.Item name="kind" label={t('sitePlan.kind')}>
          <Radio.Group
            options={[
              { value: 'geojson', label: t('sitePlan.geojson') },
              { value: 'image', label: t('sitePlan.image') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('sitePlan.file')}
          extra={kind === 'image' ? t('sitePlan.imageHelp') : t('sitePlan.geojsonHelp')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={fileRules}
        >
          <Upload
            beforeUpload={() => false}
            maxCount={1}
            accept={kind === 'image' ? '.png,.jpg,.jpeg,.webp' : '.geojson,.json'}
          >
            <Button icon={<UploadOutlined />}>{t('sitePlan.choose')}</Button>
          </Upload>
        </Form.Item>
        {kind === 'image' && (
          <Space wrap align="start">
            {EDGES.map((edge) => (
              <Form.Item key={edge} name={edge} label={t(`sitePlan.${edge}`)} rules={fields.rules(edge)}>
                <InputNumber step={0.0001} style={{ width: 140 }} />
              </Form.Item>
            ))}
          </Space>
        )}
      </Form>
    </Modal>
  );
}
