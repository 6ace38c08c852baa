// A rule between fields (a refinement on an object or a list) is invisible in the JSON Schema the
// OpenAPI document is generated from: only its words are, so every such schema contracts exports
// carries a description saying it (and, where JSON Schema can say it, the rule itself: anyOf,
// minProperties). A new refinement without words fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.ts';

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
}

const refined = Object.entries(contracts).filter(([, value]) => {
  if (!(value instanceof z.ZodType)) return false;
  const def = value._zod.def as Def;
  return (
    ['object', 'array'].includes(def.type) && (def.checks ?? []).some((c) => c._zod.def.check === 'custom')
  );
}) as [string, z.ZodType][];

describe('schemas with a rule between fields', () => {
  it('are found (the walk sees refinements at all)', () => {
    expect(refined.map(([name]) => name)).toEqual(
      expect.arrayContaining(['reportBodySchema', 'notificationBodySchema']),
    );
  });

  it.each(refined)('%s says its rule in its description', (_, schema) => {
    expect(schema.description ?? '').toMatch(/\w{3,}.{20,}/);
  });

  it('writes the report selection and the notification destinations out as anyOf', () => {
    const report = z.toJSONSchema(contracts.reportBodySchema, { io: 'input' }) as { anyOf?: unknown[] };
    expect(report.anyOf).toHaveLength(4);
    const notification = z.toJSONSchema(contracts.notificationBodySchema, { io: 'input' }) as {
      anyOf?: unknown[];
    };
    expect(notification.anyOf).toHaveLength(2);
  });
});
