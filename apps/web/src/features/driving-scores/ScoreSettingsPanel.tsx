// A company's score settings beside its scores: whether its zone breaches count (off until the
// company switches them on; docs/decisions/2026-12-07-zones.md, "Breaches in the scores"). Whoever
// reads the scores sees the setting; whoever holds the score edit privilege changes it, and every
// score shown is read again. Staff and managers who see several companies pick the company; others
// see their own.
import { ACTION_ROLES, OPTIONAL_SCORE_WEIGHTS } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Space, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMy, queryKeys } from '../../api/platform';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { useCompanies } from '../customers/api';
import { fetchScoreSettings, saveScoreSettings, scoreKeys } from './api';

export function ScoreSettingsPanel() {
  const { t } = useTranslation('driving-scores');
  const { message } = App.useApp();
  // The user's own company, from the answer the shell already holds (/users/my).
  const own = useQuery({ queryKey: queryKeys.my, queryFn: fetchMy }).data?.user.customer.id;
  const canOpen = useCanOpen();
  const may = useMay();
  const companies = useCompanies(canOpen('customers'));
  const [chosen, setChosen] = useState<string | undefined>();
  const company = chosen ?? (companies.list.length > 1 ? undefined : (companies.list[0]?.id ?? own));
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: scoreKeys.settings(company ?? ''),
    queryFn: () => fetchScoreSettings(company ?? ''),
    enabled: !!company,
  });
  const save = useMutation({
    mutationFn: (on: boolean) => saveScoreSettings(company ?? '', { count_zone_breaches: on }),
    onSuccess: async () => {
      message.success(t('settings.saved'));
      await queryClient.invalidateQueries({ queryKey: scoreKeys.all });
    },
  });
  const id = useId();
  const editable = may(...ACTION_ROLES.scoreSettingsEdit);
  return (
    <Space wrap size={8} data-testid="score-settings">
      {companies.list.length > 1 && (
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          aria-label={t('settings.company')}
          placeholder={t('settings.company')}
          value={company}
          onChange={setChosen}
          options={companies.options}
        />
      )}
      <Switch
        id={id}
        size="small"
        checked={settings.data?.count_zone_breaches === true}
        disabled={!company || !settings.data || !editable}
        loading={save.isPending}
        onChange={(on) => save.mutate(on)}
      />
      <label htmlFor={id}>{t('settings.zoneBreaches')}</label>
      <Typography.Text type="secondary">
        {t('settings.zoneBreachesHint', { weight: OPTIONAL_SCORE_WEIGHTS.ZoneBreach })}
      </Typography.Text>
    </Space>
  );
}
