// What the tachograph's pages read from their address alike: vehicles or operators, and the day
// (today in the browser's time setting when the address names none), and the switch between the
// two kinds of subject.
import { TACHOGRAPH_SUBJECTS, type TachographSubject } from '@fleetlens/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { browserTimesetting, dateOf } from './format';

export function useSubjectDay() {
  const [search, setSearch] = useSearchParams();
  const timesetting = browserTimesetting();
  const kind: TachographSubject = search.get('kind') === 'operator' ? 'operator' : 'vehicle';
  const asked = search.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : dateOf(Date.now(), timesetting);
  return { search, setSearch, timesetting, kind, date };
}

export function SubjectSwitch({
  value,
  onChange,
}: {
  value: TachographSubject;
  onChange: (kind: TachographSubject) => void;
}) {
  const { t } = useTranslation('tachograph');
  return (
    <Segmented<TachographSubject>
      aria-label={t('kindLabel')}
      value={value}
      options={TACHOGRAPH_SUBJECTS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
      onChange={onChange}
    />
  );
}
