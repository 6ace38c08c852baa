// The activity band's colours in the order the legend names them; no data is left blank.
import type { TachographActivity } from '@fleetlens/contracts';

export const ACTIVITY_LEGEND: { activity: TachographActivity; colour: string }[] = [
  { activity: 'driving', colour: '#1677ff' },
  { activity: 'idle', colour: '#faad14' },
  { activity: 'stopped', colour: '#8c8c8c' },
  { activity: 'noData', colour: 'transparent' },
];
