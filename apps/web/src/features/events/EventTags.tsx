// The event's check tag, its video status (0-4) and a clip's event-video state as coloured tags,
// the same on the list and the detail, so a serious event or a failed clip reads at a glance.
import type { EventTag, EventVideoState } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TAG_COLOURS: Record<EventTag, string | undefined> = {
  none: undefined,
  'no-problem': 'green',
  mild: 'gold',
  moderate: 'orange',
  serious: 'volcano',
  'very-serious': 'red',
};

/** Spec §4 video status codes 0-4. */
const STATUS_COLOURS: Record<number, string | undefined> = {
  0: 'default',
  1: undefined,
  2: 'blue',
  3: 'cyan',
  4: 'green',
};

const STATE_COLOURS: Record<EventVideoState, string> = {
  'being-created': 'blue',
  timeout: 'orange',
  'creation-error': 'red',
  'conversion-failed': 'red',
};

export function EventTagLabel({ tag }: { tag: EventTag }) {
  const { t } = useTranslation('events');
  return <Tag color={TAG_COLOURS[tag]}>{t(`tags.${tag}`)}</Tag>;
}

export function VideoStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('events');
  return (
    <Tag color={STATUS_COLOURS[status]} data-video-status={status}>
      {t(`videoStatus.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

export function VideoStateTag({ state }: { state: EventVideoState }) {
  const { t } = useTranslation('events');
  return (
    <Tag color={STATE_COLOURS[state]} data-video-state={state}>
      {t(`videoStates.${state}`)}
    </Tag>
  );
}
