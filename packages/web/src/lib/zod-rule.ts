import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/**
 * An antd Form rule backed by a shared zod schema, so the form shows the same
 * first-failing message the server answers with (STYLE.md: one schema, three users).
 */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  };
}
