// A form rule read from a field's schema in the contracts: the form refuses what the server
// would, with the same translated message (issueKey), instead of restating or clamping the rule
// (an InputNumber's min silently turns -5 into 0).
import { issueKey } from '@fleetlens/contracts';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the rule needs of a zod schema (the web does not depend on zod itself). */
type Schema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: Parameters<typeof issueKey>[0][] } };
};

export function useContractRule(): (schema: Schema) => FormRule {
  const { t } = useTranslation('validation');
  return (schema) => ({
    validator: async (_, value) => {
      // An empty field is the required rule's business, not this one's.
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      const issue = result.error?.issues[0];
      if (!issue) return;
      const { key, params } = issueKey(issue);
      throw new Error(t(key, params));
    },
  });
}
