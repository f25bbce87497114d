import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../server/src/platform/config.js';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../server/test/test-app.js';
import { type ConsoleApi, consoleLogin } from '../src/console-client.js';

/** A real server on a port and the admin's console client of it. */
export interface LiveServer {
  url: string;
  api: ConsoleApi;
  /** the embedded MQTT broker's port when the server runs one (config { mqtt: true, mqttPort: 0 }), else null */
  mqttPort: number | null;
}

/**
 * A real server (SQLite) on a port for the tests of the describe block that calls
 * this: started before them, closed after them. The answer is filled in once it runs,
 * so read its url and api inside the tests.
 */
export function liveServer(config: Partial<AppConfig> = {}): LiveServer {
  let t: TestApp | undefined;
  const live = {} as LiveServer;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', config);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The broker starts with the server and subscribes before a report may be published.
    live.mqttPort = (await t.app.dtuMqtt.subscribed) ? t.app.dtuMqtt.port : null;
    live.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    live.api = (await consoleLogin(live.url, 'admin', ADMIN_PASSWORD)).api;
  }, 60_000);
  afterAll(() => t?.close());
  return live;
}
