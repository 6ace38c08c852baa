// Which events mail whom (console spec §3, the user's e-mail notification flags): each flag names
// the event types it covers. notify_dashboard and notify_maintain concern dashboards and
// maintenance, not events.
import type { DeviceEventType } from '../device-link/messages.ts';

export const EVENT_MAIL_FLAGS = {
  notify_accelerate: ['Accelerate', 'SuddenAcceleration'],
  notify_decelerate: ['Deceleration', 'SuddenDeceleration'],
  notify_impact: ['Impact'],
  notify_handle: ['SuddenTurn', 'TurnLeft', 'TurnRight', 'TurnAngle', 'TurnGyroscope'],
} as const satisfies Record<string, readonly DeviceEventType[]>;
export type EventMailFlag = keyof typeof EVENT_MAIL_FLAGS;

/** The flag whose users are mailed an event of `type`; undefined: nobody is. */
export function mailFlagOf(type: string): EventMailFlag | undefined {
  return (Object.keys(EVENT_MAIL_FLAGS) as EventMailFlag[]).find((flag) =>
    (EVENT_MAIL_FLAGS[flag] as readonly string[]).includes(type),
  );
}
