import { describeMatrix } from '../../test/fuzz/matrix-suite.js';

// The permission matrix on SQLite; permission-matrix-postgres.test.ts runs it on
// PostgreSQL, so the two runs go to two workers side by side.
describeMatrix('sqlite');
