// A form's rules read from the contracts: each field's required rule, longest text and check come
// from the zod schema the server validates with, so the form refuses what the server would, with
// the same translated message, and no form restates a limit. A number field takes no min or max
// (an InputNumber's limits silently turn -5 into 0); its schema refuses it with a message.
import { describeField, fieldIssue, type ObjectRule, type UploadFileRules } from '@fleetlens/contracts';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Schema = Parameters<typeof describeField>[0];

export type FieldRuleOptions = {
  /**
   * The form asks for the field although the schema has a default for it (the form shows the
   * default, so an emptied field is a mistake): the validation key of its message.
   */
  required?: string;
  /** The form sends its own default for an empty field: no required rule. */
  optional?: boolean;
};

export type FieldRules<K extends string> = {
  /** The rules of a field: required (with its own message) and the schema's check. */
  rules: (name: K, options?: FieldRuleOptions) => FormRule[];
  /**
   * The required rule alone, for a field whose form value is not the schema's (a date picker's
   * day, sent as text): the schema checks the value the form sends, the server says the rest.
   */
  required: (name: K, options?: FieldRuleOptions) => FormRule[];
  /** The longest text the field takes, for the input's maxLength. */
  maxLength: (name: K) => number | undefined;
  /** The schema's check alone, for a value the form holds in another unit or shape. */
  check: (schema: Schema) => FormRule;
  /**
   * The rule of the field an object rule of the contracts names (the schema's refinement over
   * several fields), checked on the form's values with the same test and message; the field is
   * marked required while leaving it empty would be refused. `asBody` turns the form's values
   * into the body's (a picker's day into the server time it sends) when they differ.
   */
  objectRule: <T>(rule: ObjectRule<T>, asBody?: (values: Record<string, unknown>) => T) => FormRule[];
};

export function useFieldRules<S extends Record<string, Schema>>(shape: S): FieldRules<keyof S & string> {
  const { t } = useTranslation('validation');
  return useMemo(() => {
    const check = (schema: Schema): FormRule => ({
      validator: async (_, value) => {
        // An empty field is the required rule's business.
        if (value === undefined || value === null || value === '') return;
        const issue = fieldIssue(schema, value);
        if (issue) throw new Error(t(issue.key, issue.params));
      },
    });
    const requiredRule = (name: keyof S & string, options: FieldRuleOptions, asText: boolean): FormRule[] => {
      const field = describeField(shape[name] as Schema);
      const message = options.required
        ? t(options.required)
        : field.required && !options.optional
          ? t(field.required.key, field.required.params)
          : undefined;
      // Only text gets `whitespace`: any key beside `required` makes antd check that the value
      // is a string, which a picker's or a number's value is not.
      return message
        ? [{ required: true, message, ...(asText && field.text ? { whitespace: true } : {}) }]
        : [];
    };
    const objectRule = <T>(
      rule: ObjectRule<T>,
      asBody = (values: Record<string, unknown>) => values as T,
    ): FormRule[] => [
      ({ getFieldsValue }) => {
        const refused = (value: unknown) =>
          !rule.holds(asBody({ ...(getFieldsValue(true) as Record<string, unknown>), [rule.field]: value }));
        const message = t(rule.message.key, rule.message.params);
        return {
          required: refused(undefined),
          message,
          validator: async (_, value) => {
            if (refused(value)) throw new Error(message);
          },
        };
      },
    ];
    return {
      check,
      objectRule,
      maxLength: (name) => describeField(shape[name] as Schema).maxLength,
      required: (name, options = {}) => requiredRule(name, options, false),
      rules: (name, options = {}) => [...requiredRule(name, options, true), check(shape[name] as Schema)],
    };
  }, [shape, t]);
}

/**
 * The rules of a picked file, read from its upload's description in the contracts (the one the
 * server's upload route reads): asked for when the upload requires it, refused over its largest
 * size or for a name its rule refuses, each with the contracts' message. A file travels beside the
 * fields (multipart, or to a signed address), so no zod body holds it.
 */
export function useFileRules(file: UploadFileRules): FormRule[] {
  const { t } = useTranslation('validation');
  return useMemo(
    () => [
      ...(file.required
        ? [
            {
              required: true,
              type: 'array' as const,
              min: 1,
              message: t(file.required.key, file.required.params),
            },
          ]
        : []),
      {
        validator: (_, value: { size?: number }[] | undefined) =>
          (value?.[0]?.size ?? 0) > file.maxBytes
            ? Promise.reject(new Error(t(file.tooLarge.key, file.tooLarge.params)))
            : Promise.resolve(),
      },
      ...(file.name
        ? [
            {
              validator: (_: unknown, value: { name?: string }[] | undefined) => {
                const name = value?.[0]?.name;
                return !name || !file.name || file.name.valid(name)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(file.name.message.key, file.name.message.params)));
              },
            },
          ]
        : []),
    ],
    [file, t],
  );
}
