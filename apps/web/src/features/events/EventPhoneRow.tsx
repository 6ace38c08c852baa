// An event as a phone's list shows it, in one cell within the screen's width: when and what, whose
// (vehicle and operator), and how it stands (tag, video status, review state); the same words and
// tags as the columns of a wider screen.
import type { EventDto } from '@fleetlens/contracts';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localTime } from '../../kernel/format';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { EventTagLabel, VideoStatusTag } from './EventTags';

export type EventPhoneRowProps = {
  event: Pick<EventDto, 'time' | 'type' | 'vehicle' | 'operator' | 'tag' | 'video_status' | 'review_state'>;
  /** Draws the time (a link that opens the event, where the user may). */
  time?: (text: string) => ReactNode;
};

/** Long names break anywhere rather than push the row past the screen. */
const wrapping = { overflowWrap: 'anywhere' } as const;

export function EventPhoneRow({ event: e, time = (text) => text }: EventPhoneRowProps) {
  const { t } = useTranslation('events');
  return (
    <Flex vertical gap={4} style={wrapping}>
      <Flex wrap gap="2px 8px" justify="space-between">
        <Typography.Text strong>{t(`types.${e.type}`)}</Typography.Text>
        <span>{time(localTime(e.time))}</span>
      </Flex>
      <Typography.Text>
        <span>{e.vehicle?.name ?? '—'}</span>
        <MaintenanceModeTag on={e.vehicle?.maintenance_mode} compact />
        {' · '}
        <span>{e.operator?.name ?? t('noOperator')}</span>
      </Typography.Text>
      <Flex wrap gap={4} align="center">
        <EventTagLabel tag={e.tag} />
        <VideoStatusTag status={e.video_status} />
        <Typography.Text type="secondary">{t(`reviewStates.${e.review_state}`)}</Typography.Text>
      </Flex>
    </Flex>
  );
}
