let counter = 0;

/**
 * A short token unique within the test run, usable in names and codes (letters and
 * digits after the prefix): every generated name and code of the factories comes from here.
 */
export function unique(prefix = ''): string {
  counter += 1;
  return `${prefix}${counter.toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A role name (2-12 Chinese, letters, digits, underscore) unique within the test run. */
export function uniqueRoleName(prefix = '角色'): string {
  return unique(prefix).slice(0, 12);
}

/** A model number or code unique within the test run (letters, digits and underscore, 4–32). */
export function uniqueCode(prefix = 'P'): string {
  return unique(`${prefix}_`).replace(/[^A-Za-z0-9_]/g, '');
}
