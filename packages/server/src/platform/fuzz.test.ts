import { describeFuzz } from '../../test/fuzz/fuzz-suite.js';

// The fuzz suite on SQLite; fuzz-postgres.test.ts runs it on PostgreSQL. Two files,
// so the two runs (the longest of the server's tests) go to two workers side by side.
describeFuzz('sqlite');
