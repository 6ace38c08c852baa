// The report of a run's bad lines, as the reader downloads it: the issues the check kept in object
// storage (one JSON object a line, keys rather than texts) read back as CSV with a BOM, its header
// and each reason in the reader's language. One writer for the basic-info import and the past data
// transfer; each cell goes through csvLine, which neutralises a cell a spreadsheet would run.
import type { Language } from '@fleetlens/contracts';
import { translate } from '../../platform/i18n.ts';
import { csvLine } from '../downloads/public.ts';

interface StoredIssue {
  file: string;
  line: number;
  column: string;
  value: string;
  key: string;
  params?: Record<string, unknown>;
}

export const reasonOf = (lang: Language, issue: Pick<StoredIssue, 'key' | 'params'>) =>
  translate(lang, 'validation', issue.key, issue.params);

const HEADER = [
  'importIssueFile',
  'importIssueLine',
  'importIssueColumn',
  'importIssueValue',
  'importIssueReason',
];

export async function* issuesCsv(stream: AsyncIterable<Buffer>, lang: Language): AsyncIterable<string> {
  yield `\uFEFF${csvLine(HEADER.map((key) => translate(lang, 'validation', key)))}`;
  let rest = '';
  for await (const chunk of stream) {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts)
      if (part) {
        const issue = JSON.parse(part) as StoredIssue;
        yield csvLine([issue.file, issue.line, issue.column, issue.value, reasonOf(lang, issue)]);
      }
  }
}
