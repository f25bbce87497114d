import { describe, it } from 'vitest';
import { describeMatrix } from '../../test/fuzz/matrix-suite.js';
import { testDialects } from '../../test/test-app.js';

// The permission matrix on PostgreSQL (TEST_DATABASE_URL), beside permission-matrix.test.ts's SQLite run.
if (testDialects().includes('postgres')) describeMatrix('postgres');
else describe.skip('the permission matrix (postgres): TEST_DATABASE_URL is not set', () => it('is skipped', () => undefined));
