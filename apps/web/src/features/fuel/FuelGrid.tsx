// A week of one vehicle's readings as a grid of inputs, a row a day: litres received, hour meter,
// litres remaining as the clerk types them, then the working hours and consumption they make.
// Each cell shows its issue as typed (grid.ts), the keyboard moves as in a spreadsheet (moveOf),
// and an empty meter cell is filled in with the meter before it when entered.
import { type FuelReading, type FuelResult, fuelUse } from '@fleetlens/contracts';
import { Input, Typography } from 'antd';
import { type FocusEvent, type KeyboardEvent, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  type CellIssue,
  cellKey,
  EMPTY_ROW,
  FIELDS,
  type Field,
  moveOf,
  previousMeter,
  type RowText,
} from './grid';

export type FuelGridProps = {
  days: string[];
  texts: Record<string, RowText>;
  before: FuelResult | null;
  issues: Record<string, CellIssue>;
  /** Refusals the server named, by cell (already translated). */
  refused: Record<string, string>;
  onChange: (day: string, field: Field, text: string) => void;
};

const numberOr = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? undefined : n;
};

export function FuelGrid({ days, texts, before, issues, refused, onChange }: FuelGridProps) {
  const { t, i18n } = useTranslation('fuel');
  const { t: tv } = useTranslation('validation');
  const cells = useRef<(HTMLInputElement | null)[][]>([]);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dayName = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });

  const focus = (row: number, col: number) => {
    const input = cells.current[row]?.[col];
    input?.focus();
    input?.select();
  };
  const onKeyDown = (row: number, col: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const to = moveOf(event.key, event.shiftKey, { row, col }, days.length, {
      start: input.selectionStart ?? 0,
      end: input.selectionEnd ?? 0,
      length: input.value.length,
    });
    if (!to) return;
    event.preventDefault();
    focus(to.row, to.col);
  };
  const onFocus = (day: string, field: Field) => (event: FocusEvent<HTMLInputElement>) => {
    if (field !== 'hour_meter' || (texts[day]?.hour_meter ?? '') !== '') return;
    const previous = previousMeter(days, texts, before, day);
    if (!previous) return;
    // Drawn at once and selected, so that the very next key typed replaces it, however fast.
    const input = event.currentTarget;
    flushSync(() => onChange(day, field, previous));
    input.select();
  };
  const messageOf = (day: string, field: Field) => {
    const key = cellKey(day, field);
    const issue = issues[key];
    if (issue) {
      const params = Object.fromEntries(
        Object.entries(issue.params).map(([k, v]) => [k, typeof v === 'number' ? number.format(v) : v]),
      );
      return tv(issue.key, params);
    }
    return refused[key];
  };

  let previous: FuelReading | undefined = before ?? undefined;
  return (
    <table
      className="fuel-grid"
      style={{ borderCollapse: 'collapse', width: '100%' }}
      data-testid="fuel-grid"
    >
      <thead>
        <tr>
          <th style={{ textAlign: 'left' }}>{t('columns.day')}</th>
          {FIELDS.map((f) => (
            <th key={f} style={{ textAlign: 'left' }}>
              {t(`columns.${f}`)}
            </th>
          ))}
          <th style={{ textAlign: 'right' }}>{t('columns.working_hours')}</th>
          <th style={{ textAlign: 'right' }}>{t('columns.consumption_l')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day, row) => {
          const text = texts[day] ?? EMPTY_ROW;
          const [hour_meter, remaining_l] = [numberOr(text.hour_meter), numberOr(text.remaining_l)];
          const values =
            hour_meter === undefined || remaining_l === undefined
              ? undefined
              : { day, received_l: numberOr(text.received_l) ?? 0, hour_meter, remaining_l };
          // A row with a refused cell makes no figures (a meter back would make negative hours).
          const refusedRow = FIELDS.some((f) => messageOf(day, f));
          const use = values && !refusedRow ? fuelUse(previous, values) : undefined;
          if (values) previous = values;
          return (
            <tr key={day}>
              <td style={{ padding: '4px 8px 4px 0', whiteSpace: 'nowrap' }}>
                {dayName.format(new Date(`${day}T00:00:00Z`))}
              </td>
              {FIELDS.map((field, col) => {
                const message = messageOf(day, field);
                return (
                  <td key={field} style={{ padding: 4, verticalAlign: 'top' }}>
                    <Input
                      size="small"
                      inputMode="decimal"
                      aria-label={`${t(`columns.${field}`)} ${day}`}
                      data-cell={cellKey(day, field)}
                      value={text[field]}
                      status={message ? 'error' : undefined}
                      placeholder={
                        field === 'hour_meter' ? previousMeter(days, texts, before, day) : undefined
                      }
                      ref={(input) => {
                        cells.current[row] ??= [];
                        (cells.current[row] as (HTMLInputElement | null)[])[col] = input?.input ?? null;
                      }}
                      onChange={(event) => onChange(day, field, event.target.value)}
                      onKeyDown={onKeyDown(row, col)}
                      onFocus={onFocus(day, field)}
                    />
                    {message && (
                      <Typography.Text
                        type="danger"
                        style={{ fontSize: 12, display: 'block', maxWidth: 260 }}
                        role="alert"
                      >
                        {message}
                      </Typography.Text>
                    )}
                  </td>
                );
              })}
              <td style={{ textAlign: 'right', padding: 4 }}>
                {use?.working_hours === null || use === undefined ? '' : number.format(use.working_hours)}
              </td>
              <td style={{ textAlign: 'right', padding: 4 }}>
                {use?.consumption_l === null || use === undefined ? '' : number.format(use.consumption_l)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
