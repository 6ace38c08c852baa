// The words of a column's codes in its export come from the column's own text of each code: a
// state, a code nested in a record, a list of codes, a switch, a number code; a column whose text
// is its code sends none, and one that names its words keeps them.
import { describe, expect, it } from 'vitest';
import { colourTagColumn, textColumn } from './columns';
import { codeWordsOf, type ListColumn, SWITCH_CODES } from './useColumnChoice';

type Row = {
  id: string;
  state: 'on' | 'off';
  actor: { kind: 'user' | 'device' };
  days: string[];
  enabled: boolean;
  video: number;
  note: string;
};
const row: Row = {
  id: 'r-1',
  state: 'on',
  actor: { kind: 'user' },
  days: ['mon', 'tue'],
  enabled: true,
  video: 4,
  note: 'n',
};
const ja: Record<string, string> = {
  on: '稼働',
  off: '停止',
  user: '利用者',
  device: '機器',
  mon: '月',
  tue: '火',
  wed: '水',
};

describe('codeWordsOf', () => {
  it("writes each code as the column's own text of it", () => {
    const state = colourTagColumn<Row, Row['state']>(
      '状態',
      'state',
      (r) => r.state,
      (v) => ja[v] ?? v,
      {},
      ['on', 'off'],
    );
    expect(codeWordsOf(state, 'state', row)).toEqual({ on: '稼働', off: '停止' });
  });

  it('puts the code where the path says, in a record or a list', () => {
    const actor = textColumn<Row>('種別', 'actor', (r) => ja[r.actor.kind] ?? '', {
      exportField: 'actor.kind',
      codes: ['user', 'device'],
    });
    expect(codeWordsOf(actor, 'actor.kind', row)).toEqual({ user: '利用者', device: '機器' });
    const days = textColumn<Row>('曜日', 'days', (r) => r.days.map((d) => ja[d]).join('、'), {
      codes: ['mon', 'wed'],
    });
    expect(codeWordsOf(days, 'days', row)).toEqual({ mon: '月', wed: '水' });
  });

  it('words a switch and a number code, and leaves out a word that is its code', () => {
    const enabled = textColumn<Row>('状態', 'enabled', (r) => (r.enabled ? '有効' : ''), {
      codes: SWITCH_CODES,
    });
    expect(codeWordsOf(enabled, 'enabled', row)).toEqual({ true: '有効', false: '' });
    const video = textColumn<Row>('動画', 'video', (r) => (r.video === 4 ? '完了' : String(r.video)), {
      codes: [0, 4],
    });
    expect(codeWordsOf(video, 'video', row)).toEqual({ 4: '完了' });
  });

  it('sends nothing for a column without codes, and the words a column names', () => {
    const note: ListColumn<Row> = textColumn<Row>('メモ', 'note', (r) => r.note);
    expect(codeWordsOf(note, 'note', row)).toBeUndefined();
    const named = textColumn<Row>('状態', 'state', (r) => `${r.state}!`, {
      exportLabels: { on: 'On' },
      codes: ['on'],
    });
    expect(codeWordsOf(named, 'state', row)).toEqual({ on: 'On' });
  });
});
