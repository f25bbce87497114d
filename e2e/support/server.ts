import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ADMIN_PASSWORD = 'Admin12345';
const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  port: number;
  /** the embedded MQTT broker's port (DTU reports), free on this machine (Mosquitto may hold 1883) */
  mqttPort: number;
  dataDir: string;
  dbFile: string;
  /** SIGTERM, then the data directory is removed */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a power cut would end it; the data directory stays for restart() */
  kill(): Promise<void>;
  /** a new process on the same database file, files and port */
  restart(): Promise<RunningServer>;
}

export interface ServerOptions {
  /** reuse this data directory (and its factory.db) instead of a fresh one */
  dataDir?: string;
  port?: number;
  mqttPort?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server, built as `npm start` runs it, on a fresh SQLite file in a temp
 * directory. Journeys reach into that file only to read what a person would read
 * off the screen (a captcha answer) or to age a session.
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'factory-e2e-'));
  const dbFile = path.join(dataDir, 'factory.db');
  const port = options.port ?? (await freePort());
  const mqttPort = options.mqttPort ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATABASE_URL: `file:${dbFile}`,
      FILES_DIR: path.join(dataDir, 'files'),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/docs/json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    mqttPort,
    dataDir,
    dbFile,
    async stop() {
      await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
    async restart() {
      await end('SIGKILL');
      return startServer(env, { dataDir, port, mqttPort });
    },
  };
}
