// The columns the event lists share (the events, the asked-for videos, the review inbox, the video
// history), so each list is only which of them it shows and in what order: a time (always shown,
// in the browser's zone, opening the row where the list opens it), the vehicle and the operator
// (cut when long; the vehicle marked in maintenance mode as every list marks it), and the tag, video status and review state, shown as the events show them and
// exported in the events' words. Titles come from the list, whose words may differ (videos).
import { CLIP_VIDEO_STATUSES, EVENT_REVIEW_STATES, EVENT_TAGS, type EventDto } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { localTime } from '../../kernel/format';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { textColumn } from '../../shell/lists/columns';
import type { Code, ListColumn } from '../../shell/lists/useColumnChoice';
import { EventTagLabel, VideoStatusTag } from './EventTags';

/** The event's time in the browser's zone, always shown; `shown` draws it (a link, a button). */
export const timeColumn = <T extends Pick<EventDto, 'time'>>(
  title: string,
  shown?: (row: T, text: string) => ReactNode,
): ListColumn<T> => {
  const text = (row: T) => localTime(row.time);
  return textColumn(title, 'time', text, {
    alwaysShown: true,
    ...(shown ? { render: (_: unknown, row: T) => shown(row, text(row)) } : {}),
  });
};

/** The vehicle's name, marked when the vehicle is in maintenance mode (the mark is not exported). */
export const vehicleColumn = <T extends { vehicle: { name: string; maintenance_mode?: boolean } | null }>(
  title: string,
): ListColumn<T> =>
  textColumn(title, 'vehicle', (row: T) => row.vehicle?.name ?? '', {
    long: true,
    render: (_: unknown, row: T) => (
      <>
        {row.vehicle?.name ?? ''}
        <MaintenanceModeTag on={row.vehicle?.maintenance_mode} compact />
      </>
    ),
  });

export const operatorColumn = <T extends Pick<EventDto, 'operator'>>(title: string): ListColumn<T> =>
  textColumn(title, 'operator', (row: T) => row.operator?.name ?? '', { long: true });

/** A field of a fixed set of values (`codes`) in the events' words (`events:<words>.<value>`), drawn as a tag if `shown`. */
const valueColumn = <T, K extends keyof T & string>(
  t: TFunction,
  title: string,
  key: K,
  words: string,
  codes: readonly Code[],
  shown?: (row: T) => ReactNode,
): ListColumn<T> =>
  textColumn(title, key, (row: T) => t(`events:${words}.${String(row[key])}`), {
    codes,
    ...(shown ? { render: (_: unknown, row: T) => shown(row) } : {}),
  });

export const tagColumn = <T extends Pick<EventDto, 'tag'>>(title: string, t: TFunction) =>
  valueColumn<T, 'tag'>(t, title, 'tag', 'tags', EVENT_TAGS, (e) => <EventTagLabel tag={e.tag} />);

export const videoStatusColumn = <T extends Pick<EventDto, 'video_status'>>(title: string, t: TFunction) =>
  valueColumn<T, 'video_status'>(t, title, 'video_status', 'videoStatus', CLIP_VIDEO_STATUSES, (e) => (
    <VideoStatusTag status={e.video_status} />
  ));

export const reviewStateColumn = <T extends Pick<EventDto, 'review_state'>>(title: string, t: TFunction) =>
  valueColumn<T, 'review_state'>(t, title, 'review_state', 'reviewStates', EVENT_REVIEW_STATES);
