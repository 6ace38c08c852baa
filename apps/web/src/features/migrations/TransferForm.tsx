// A new past data transfer: the company, the period (its settings propose the kinds and how many
// months back), the kinds of data and each chosen kind's files: the event CSV, the regular data CSV
// (positions) and the event clips' MP4 files. Sent, the files are uploaded and the transfer
// started; the server checks every line before anything is written.
import { TRANSFER_KINDS, type TransferKind } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Flex, Modal, Space, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalLines } from '../../api/formErrors';
import { requestTransfer, transferKeys, useMigrationSettings } from './api';
import { CompanySelect, CsvChooser } from './MigrationInputs';

export interface TransferFormProps {
  open: boolean;
  onClose: () => void;
}

const DAY = 'YYYY-MM-DD';
type Files = { event?: File; regular?: File; videos: File[] };

/** The period a company's settings propose: that many months up to yesterday. */
const proposedPeriod = (months: number): [Dayjs, Dayjs] => {
  const end = dayjs().subtract(1, 'day');
  return [end.subtract(months, 'month').add(1, 'day'), end];
};

export function TransferForm({ open, onClose }: TransferFormProps) {
  const { t } = useTranslation('migrations');
  const client = useQueryClient();
  const [customerId, setCustomerId] = useState<string>();
  const [period, setPeriod] = useState<[Dayjs, Dayjs] | null>(null);
  const [kinds, setKinds] = useState<TransferKind[]>([]);
  const [files, setFiles] = useState<Files>({ videos: [] });
  const [refusal, setRefusal] = useState<string[]>([]);
  const settings = useMigrationSettings(customerId);
  useEffect(() => {
    if (!settings.data) return;
    setKinds(settings.data.default_kinds);
    setPeriod(proposedPeriod(settings.data.default_months));
  }, [settings.data]);
  const send = useMutation({
    mutationFn: () =>
      requestTransfer({
        customerId: customerId as string,
        from: (period as [Dayjs, Dayjs])[0].format(DAY),
        to: (period as [Dayjs, Dayjs])[1].format(DAY),
        kinds,
        ...files,
      }),
    onMutate: () => setRefusal([]),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: transferKeys.all });
      setFiles({ videos: [] });
      onClose();
    },
    // A refused file or an unmapped column names its field (a kind, or mappings.<kind>.<field>).
    onError: (error) => setRefusal(refusalLines(error)),
  });
  const missing =
    (kinds.includes('event') && !files.event) ||
    (kinds.includes('regular') && !files.regular) ||
    (kinds.includes('video') && files.videos.length === 0);
  const csvChooser = (kind: 'event' | 'regular') => (
    <CsvChooser
      kind={kind}
      label={t(`transferFiles.${kind}`)}
      file={files[kind]}
      onChoose={(file) => setFiles((chosen) => ({ ...chosen, [kind]: file }))}
    />
  );
  return (
    <Modal
      open={open}
      title={t('newTransfer')}
      onCancel={onClose}
      okText={t('startTransfer')}
      okButtonProps={{ disabled: !customerId || !period || kinds.length === 0 || missing }}
      confirmLoading={send.isPending}
      onOk={() => send.mutate()}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('transferHint')}</Typography.Text>
        <CompanySelect enabled={open} value={customerId} onChange={setCustomerId} />
        <DatePicker.RangePicker
          aria-label={t('period')}
          value={period}
          onChange={(range) => setPeriod(range?.[0] && range[1] ? [range[0], range[1]] : null)}
        />
        <Checkbox.Group
          aria-label={t('kinds')}
          value={kinds}
          onChange={(chosen) => setKinds(chosen as TransferKind[])}
          options={TRANSFER_KINDS.map((kind) => ({ value: kind, label: t(`transferKinds.${kind}`) }))}
        />
        {kinds.includes('event') && csvChooser('event')}
        {kinds.includes('regular') && csvChooser('regular')}
        {kinds.includes('video') && (
          <Space wrap>
            <Upload
              accept=".mp4,video/mp4"
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                setFiles((chosen) => ({ ...chosen, videos: [...chosen.videos, file] }));
                return false;
              }}
            >
              <Button>{t('chooseVideos')}</Button>
            </Upload>
            <Typography.Text data-testid="chosen-video">
              {files.videos.length > 0 ? t('videosChosen', { count: files.videos.length }) : t('noFile')}
            </Typography.Text>
          </Space>
        )}
        {refusal.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('startFailed')}
            description={refusal.map((r) => <div key={r}>{r}</div>)}
          />
        )}
      </Flex>
    </Modal>
  );
}
