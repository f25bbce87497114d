import { MSG, newPassword } from '@factory/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

const validate = (value: unknown) => {
  const rule = zodRule(newPassword) as RuleObject;
  return rule.validator?.(rule, value, () => undefined);
};

describe('zodRule', () => {
  it('rejects with the first failing issue of the shared schema', async () => {
    await expect(validate(undefined)).rejects.toThrow(MSG.passwordRequired);
    await expect(validate('')).rejects.toThrow(MSG.passwordRequired);
    await expect(validate('Ab1')).rejects.toThrow(MSG.passwordTooShort);
    await expect(validate('abcdefg1')).rejects.toThrow(MSG.passwordRule);
  });

  it('accepts what the schema accepts', async () => {
    await expect(validate('Abcdefg1')).resolves.toBeUndefined();
  });
});

