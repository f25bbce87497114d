// What the benches share: the repository root, building the server, a fresh database per dialect, free ports,
// and node processes (the built server, the bare route) that can be waited for and stopped.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Builds the server and the simulator when stale (tsc -b is incremental, a no-op when not). */
export function buildServer() {
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/server', 'packages/simulator'], { cwd: root, stdio: 'inherit' });
}

/**
 * Runs `bench(name, databaseUrl, dir)` on a fresh SQLite file, then (when TEST_DATABASE_URL is set) on a fresh
 * PostgreSQL schema dropped afterwards; `dialects` picks among 'sqlite' and 'postgres'. Answers what each run answered.
 */
export async function forEachDialect(prefix, bench, dialects = ['sqlite', 'postgres']) {
  const runs = [];
  if (dialects.includes('sqlite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `factory-${prefix}-`));
    try {
      runs.push(await bench('SQLite', `file:${path.join(dir, 'factory.db')}`, dir));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl && dialects.includes('postgres')) {
    const pg = (await import('pg')).default;
    const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `factory-${prefix}-`));
    try {
      await client.query(`create schema ${schema}`);
      const url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      runs.push(await bench('PostgreSQL', url, dir));
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else if (dialects.includes('postgres')) {
    console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to measure it too)');
  }
  return runs;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A node process with its output kept (shown if it fails to start); stop() ends it with SIGTERM and waits. */
export function spawnNode(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, output: () => output, stop };
}

/** Waits until `url` answers (anything below 500), or the process exits, or a minute passes. */
export async function waitReady(child, url, output) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The built server as a child process on `env`, once its OpenAPI document answers at `url`. */
export async function startServer(env, url) {
  const server = spawnNode([path.join(root, 'packages/server/dist/main.js')], env);
  try {
    await waitReady(server.child, `${url}/api/docs/json`, server.output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { stop: server.stop, pid: server.child.pid };
}

/** The gateway product the list, records and export benches plan their task of: two flows, checked items and a manual check each. */
export function gatewayProduct(sim, number, code) {
  return {
    ...sim.GATEWAY,
    number,
    code,
    flows: [
      { name: '上电检测', items: [{ code: 'power', flag: true }, { code: 'voltage', range: [3.1, 3.5] }], manualItems: ['指示灯常亮'] },
      { name: '整机终检', items: [{ code: 'firmware_version', text: 'v2.1.0' }, { code: 'temperature', range: [20, 45] }], manualItems: ['外壳无划痕'] },
    ],
  };
}

/** The value at `share` of an ascending list; `empty` when the list is. */
export const percentile = (sorted, share, empty = NaN) =>
  sorted.length === 0 ? empty : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

/** A GET as a signed-in caller: its status and body text. Rejects when the connection fails. */
export function getText(port, token, urlPath, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** getText read as the envelope: `ok` when 200 with code 1; a failed connection is status 0, never a throw. */
export async function getEnvelope(port, token, urlPath, agent) {
  let answer;
  try {
    answer = await getText(port, token, urlPath, agent);
  } catch (error) {
    return { ok: false, status: 0, json: null, text: error.message };
  }
  let json = null;
  try {
    json = JSON.parse(answer.body);
  } catch {
    // not an envelope
  }
  return { ok: answer.status === 200 && json?.code === 1, status: answer.status, json, text: answer.body };
}
