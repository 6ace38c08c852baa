// "Batch period change": one period for every chart of the dashboard that follows it.
import type { ChartPeriodBody } from '@fleetlens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { chartKeys, setDashboardPeriod } from './api';
import { PeriodFields } from './PeriodFields';

export type PeriodDialogProps = { open: boolean; onClose: () => void };

export function PeriodDialog({ open, onClose }: PeriodDialogProps) {
  const { t } = useTranslation('charts');
  return (
    <EditDialog<ChartPeriodBody, { changed: number }>
      labels="charts"
      open={open}
      title={t('batchPeriod')}
      values={{ period: 'today' }}
      onClose={onClose}
      save={(values) =>
        setDashboardPeriod({
          ...values,
          range_start: values.range_start || null,
          range_end: values.range_end || null,
        })
      }
      savedText={(answer) => t('batchSaved', { count: answer.changed })}
      invalidate={chartKeys.all}
    >
      <Typography.Paragraph type="secondary">{t('batchPeriodText')}</Typography.Paragraph>
      <PeriodFields />
    </EditDialog>
  );
}
