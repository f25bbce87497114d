// A preload for a server process (`node --import ./bench/sql-log.mjs …`) that writes every SQL text the
// process sends, once per distinct text with a running count, to the file SQL_LOG names (stderr without it):
// how bench/list-calls-bare.mjs's statements were matched byte for byte to the product's. Patches
// better-sqlite3's prepare and pg's Client#query; nothing else changes.
//   LIST_SERVER_ARGS="--import ./bench/sql-log.mjs" SQL_LOG=/tmp/sql.log node bench/list-calls.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'packages/server/package.json'));
const seen = new Map();
const write = (text) => (process.env.SQL_LOG ? fs.appendFileSync(process.env.SQL_LOG, text) : process.stderr.write(text));
const note = (kind, sql) => {
  const count = (seen.get(sql) ?? 0) + 1;
  seen.set(sql, count);
  if (count === 1) write(`-- ${kind} (pid ${process.pid})\n${sql}\n`);
};

const Sqlite = require('better-sqlite3');
const prepare = Sqlite.prototype.prepare;
Sqlite.prototype.prepare = function (sql, ...rest) {
  note('sqlite', sql);
  return prepare.call(this, sql, ...rest);
};

const pg = require('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') note(`postgres${typeof config === 'object' && config.name ? ` ${config.name}` : ''}`, text);
  return query.call(this, config, ...rest);
};
