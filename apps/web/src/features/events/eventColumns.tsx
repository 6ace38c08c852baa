// The columns the event lists share (the events, the asked-for videos, the review inbox, the video
// history), so each list is only which of them it shows and in what order: a time (always shown,
// in the browser's zone, opening the row where the list opens it), the vehicle and the operator
// (cut when long), and the tag, video status and review state, shown as the events show them and
// exported in the events' words. Titles come from the list, whose words may differ (videos).
import type { EventDto } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { localTime } from '../../kernel/format';
import { textColumn } from '../../shell/lists/columns';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { EventTagLabel, VideoStatusTag } from './EventTags';

/** A time of the row in the browser's zone, always shown; `shown` draws it (a link, a button). */
export const timeColumn = <T,>(
  title: string,
  key: string,
  time: (row: T) => string,
  shown?: (row: T, text: string) => ReactNode,
): ListColumn<T> => {
  const text = (row: T) => localTime(time(row));
  return textColumn(title, key, text, {
    alwaysShown: true,
    ...(shown ? { render: (_: unknown, row: T) => shown(row, text(row)) } : {}),
  });
};

export const vehicleColumn = <T extends Pick<EventDto, 'vehicle'>>(title: string): ListColumn<T> =>
  textColumn(title, 'vehicle', (row: T) => row.vehicle?.name ?? '', { long: true });

export const operatorColumn = <T extends Pick<EventDto, 'operator'>>(title: string): ListColumn<T> =>
  textColumn(title, 'operator', (row: T) => row.operator?.name ?? '', { long: true });

export const tagColumn = <T extends Pick<EventDto, 'tag'>>(title: string, t: TFunction): ListColumn<T> =>
  textColumn(title, 'tag', (row: T) => t(`events:tags.${row.tag}`), {
    render: (_, row) => <EventTagLabel tag={row.tag} />,
  });

export const videoStatusColumn = <T extends Pick<EventDto, 'video_status'>>(
  title: string,
  t: TFunction,
): ListColumn<T> =>
  textColumn(title, 'video_status', (row: T) => t(`events:videoStatus.${row.video_status}`), {
    render: (_, row) => <VideoStatusTag status={row.video_status} />,
  });

export const reviewStateColumn = <T extends Pick<EventDto, 'review_state'>>(
  title: string,
  t: TFunction,
): ListColumn<T> =>
  textColumn(title, 'review_state', (row: T) => t(`events:reviewStates.${row.review_state}`));
