// "How the score is computed": the formula published beside every score, from the same constants
// the server computes with (contracts driving-scores/formula.ts), so the panel cannot drift from
// the numbers it explains. The events a company may choose to count as well are listed after the
// harsh ones, marked as such.
import {
  OPTIONAL_SCORE_WEIGHTS,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_MIN_DRIVING_SECONDS,
  SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR,
  SCORE_WEIGHTS,
} from '@fleetlens/contracts';
import { Collapse, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const WEIGHTS = [
  ...Object.entries(SCORE_WEIGHTS)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([type, weight]) => ({ type, weight, optional: false })),
  ...Object.entries(OPTIONAL_SCORE_WEIGHTS).map(([type, weight]) => ({ type, weight, optional: true })),
];

export function ScoreFormula() {
  const { t } = useTranslation('driving-scores');
  const values = {
    max: SCORE_MAX,
    min: SCORE_MIN,
    points: SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR,
    hours: SCORE_MIN_DRIVING_SECONDS / 3600,
  };
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'formula',
          label: t('formula.title'),
          children: (
            <div data-testid="score-formula">
              <Typography.Paragraph>{t('formula.score', values)}</Typography.Paragraph>
              <Typography.Paragraph>{t('formula.counted')}</Typography.Paragraph>
              <Typography.Paragraph>{t('formula.minimum', values)}</Typography.Paragraph>
              <Table
                size="small"
                pagination={false}
                rowKey="type"
                style={{ maxWidth: 420 }}
                dataSource={WEIGHTS}
                columns={[
                  {
                    title: t('formula.behaviour'),
                    key: 'type',
                    render: (_, row) =>
                      row.optional
                        ? t('formula.optional', { type: t(`events:types.${row.type}`) })
                        : t(`events:types.${row.type}`),
                  },
                  { title: t('formula.weight'), key: 'weight', dataIndex: 'weight', align: 'right' },
                ]}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
