// The workflow panel of an event's detail (event:edit): where its review stands, the steps the
// contracts' rule allows from there as buttons, the reviewer picked among those the server offers
// (users who may edit events and see this one), and the coaching notes. The panel follows the
// `events-changed` push, so a colleague's step shows here too.
import { EVENT_REVIEW_TRANSITIONS, type EventReviewState } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shell/QueryState';
import { useEventChanged } from '../events/useEventChanged';
import { assignReviewer, fetchReview, fetchReviewers, moveReview, reviewKeys } from './api';
import { CoachingNotes } from './CoachingNotes';
import { useReviewChange } from './useReviewChange';

export type ReviewPanelProps = { eventId: string };

const STATE_COLOURS: Record<EventReviewState, string> = {
  'needs-review': 'orange',
  'needs-coaching': 'volcano',
  coached: 'green',
  reviewed: 'blue',
  dismissed: 'default',
};

export function ReviewPanel({ eventId }: ReviewPanelProps) {
  const { t } = useTranslation(['event-reviews', 'events']);
  const review = useQuery({ queryKey: reviewKeys.one(eventId), queryFn: () => fetchReview(eventId) });
  const reviewers = useQuery({
    queryKey: reviewKeys.reviewers(eventId),
    queryFn: () => fetchReviewers(eventId),
  });
  useEventChanged(eventId, reviewKeys.one(eventId));
  const stateName = (state: EventReviewState) => t(`events:reviewStates.${state}`);
  const move = useReviewChange(
    eventId,
    (to: EventReviewState) => moveReview(eventId, to),
    (r) => t('moved', { state: stateName(r.state) }),
  );
  const assign = useReviewChange(
    eventId,
    (to: string | null) => assignReviewer(eventId, to),
    () => t('assigned'),
  );
  const r = review.data;
  if (!r) return <QueryState query={review} />;
  // The rule is the contracts'; the server's next_states say the same.
  const steps = EVENT_REVIEW_TRANSITIONS[r.state];
  const options = (reviewers.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }));
  if (r.assignee && !options.some((o) => o.value === r.assignee?.id))
    options.unshift({ value: r.assignee.id, label: r.assignee.name });
  return (
    <Card size="small" title={t('panel.title')} data-review-panel>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'state',
              label: t('panel.state'),
              children: (
                <Tag color={STATE_COLOURS[r.state]} data-review-state={r.state}>
                  {stateName(r.state)}
                </Tag>
              ),
            },
            {
              key: 'operator',
              label: t('panel.operator'),
              children: r.operator?.name ?? t('panel.noOperator'),
            },
          ]}
        />
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend className="fl-visually-hidden">{t('panel.steps')}</legend>
          <Space wrap>
            {steps.map((to) => (
              <Button
                key={to}
                danger={to === 'dismissed'}
                type={to === 'needs-review' ? 'default' : 'primary'}
                loading={move.isPending && move.variables === to}
                disabled={move.isPending}
                onClick={() => move.mutate(to)}
                title={to === 'dismissed' ? t('dismissHint') : undefined}
              >
                {t(`steps.${to}`)}
              </Button>
            ))}
          </Space>
        </fieldset>
        <div>
          <Typography.Text>{t('panel.assignee')}</Typography.Text>
          <Select
            aria-label={t('panel.assignee')}
            style={{ width: '100%', marginTop: 4 }}
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('panel.unassigned')}
            loading={reviewers.isLoading || assign.isPending}
            value={r.assignee?.id ?? null}
            options={options}
            onChange={(value: string | undefined | null) => assign.mutate(value ?? null)}
          />
        </div>
        <CoachingNotes eventId={eventId} review={r} />
      </Space>
    </Card>
  );
}
