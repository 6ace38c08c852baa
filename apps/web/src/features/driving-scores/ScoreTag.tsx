// A score as a coloured tag: good, fair or poor at a glance; "—" with the reason when the period
// had too little driving for a score.
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOT_REPORTED } from '../../kernel/format';

/** From this score on a score is good; from FAIR fair; below it poor. */
const GOOD = 85;
const FAIR = 70;

export type ScoreTagProps = { score: number | null };

export function ScoreTag({ score }: ScoreTagProps) {
  const { t } = useTranslation('driving-scores');
  if (score === null)
    return (
      <Tooltip title={t('noScore')}>
        <span>{NOT_REPORTED}</span>
      </Tooltip>
    );
  const color = score >= GOOD ? 'success' : score >= FAIR ? 'warning' : 'error';
  return <Tag color={color}>{score}</Tag>;
}
