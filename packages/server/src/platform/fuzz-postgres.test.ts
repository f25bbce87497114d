import { describe, it } from 'vitest';
import { describeFuzz } from '../../test/fuzz/fuzz-suite.js';
import { testDialects } from '../../test/test-app.js';

// The fuzz suite on PostgreSQL (TEST_DATABASE_URL), beside fuzz.test.ts's SQLite run.
if (testDialects().includes('postgres')) describeFuzz('postgres');
else describe.skip('fuzzing every route (postgres): TEST_DATABASE_URL is not set', () => it('is skipped', () => undefined));
