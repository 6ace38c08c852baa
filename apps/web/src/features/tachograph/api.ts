// The tachograph calls (server modules/tachograph) and their query keys.
import {
  pageAddress,
  type TachographCustomerLimits,
  type TachographDay,
  type TachographHistory,
  type TachographLimitsBody,
  type TachographListRow,
  type TachographSubject,
  type TachographView,
} from '@fleetlens/contracts';
import { api } from '../../api/client';

const PLURAL: Record<TachographSubject, string> = { vehicle: 'vehicles', operator: 'operators' };

export type ListQuery = {
  kind: TachographSubject;
  date: string;
  timesetting: number;
  filter?: string;
  page: number;
  perPage: number;
};
/** totals false: the window's series only (a zoom), the day's totals coming from the whole day's answer. */
export type DayQuery = {
  date: string;
  timesetting: number;
  from: number;
  to: number;
  width: number;
  totals: boolean;
};
export type HistoryQuery = { date: string; days: number; timesetting: number };

export const tachographKeys = {
  list: (q: ListQuery) => ['tachograph', 'list', q] as const,
  day: (kind: TachographSubject, id: string, q: DayQuery) => ['tachograph', 'day', kind, id, q] as const,
  history: (kind: TachographSubject, id: string, q: HistoryQuery) =>
    ['tachograph', 'history', kind, id, q] as const,
};

export const fetchTachographList = (q: ListQuery) =>
  api.get<{ list: TachographListRow[]; total: number; page: number; perPage: number }>('/tachograph', {
    query: { ...q, filter: q.filter || undefined },
    quiet: true,
  });

export const fetchTachographDay = (kind: TachographSubject, id: string, q: DayQuery) =>
  api.get<TachographDay>(`/tachograph/${PLURAL[kind]}/${encodeURIComponent(id)}/day`, {
    query: {
      date: q.date,
      timesetting: q.timesetting,
      from: new Date(q.from).toISOString(),
      to: new Date(q.to).toISOString(),
      width: q.width,
      totals: String(q.totals),
    },
    quiet: true,
  });

export const fetchTachographHistory = (kind: TachographSubject, id: string, q: HistoryQuery) =>
  api.get<TachographHistory>(`/tachograph/${PLURAL[kind]}/${encodeURIComponent(id)}/history`, {
    query: q,
    quiet: true,
  });

/** The details page of a subject's day, in a view (the address the list and the history link to). */
export const detailsPath = (kind: TachographSubject, id: string, date: string, view?: TachographView) =>
  `${pageAddress('tachographDetails', { id })}?${new URLSearchParams({
    kind,
    date,
    ...(view ? { view } : {}),
  })}`;

/** The driving history of a subject (its days before `date`). */
export const historyPath = (kind: TachographSubject, id: string) =>
  `${pageAddress('tachographHistory')}?${new URLSearchParams({ kind, id })}`;

export const limitsKeys = {
  all: ['tachograph', 'limits'] as const,
  of: (customerId: string) => ['tachograph', 'limits', customerId] as const,
};

export const fetchTachographLimits = (customerId: string) =>
  api.get<TachographCustomerLimits>(`/tachograph/limits/${encodeURIComponent(customerId)}`);

export const saveTachographLimits = (customerId: string, body: TachographLimitsBody) =>
  api.put<TachographCustomerLimits>(`/tachograph/limits/${encodeURIComponent(customerId)}`, body);
