// DTU reports per second over MQTT into each database (issue 17, DESIGN.md §9.4). Per dialect (SQLite on a
// fresh file; PostgreSQL on a fresh schema of TEST_DATABASE_URL when that is set): the built server with its
// embedded MQTT broker on a free port, the demo's accessory catalogue and DTU tasks seeded through the console
// API, UNITS units scanned at a PAD of the cellular task, then REPORTS reports published at QoS 1 by PUBLISHERS
// connections (each report a unit's values: CSQ, VERSION, VOLTAGE), timed from the first publish until the check
// log holds them all (each stored, and applied to its unit under test, in its own transaction). On PostgreSQL,
// when Mosquitto answers at 127.0.0.1:1883, the same again through it with one server process and then two in
// one share group (DESIGN.md §10). Figures are printed, never asserted: only a crash fails.
//   DTU_REPORTS=2000 node bench/dtu-reports.mjs   (a quicker look)
import path from 'node:path';
import { DTU_TASK_ENDPOINTS, dtuReportTopic } from '@factory/contracts';
import mqtt from 'mqtt';
import { buildServer, forEachDialect, freePort, root, startServer } from './support.mjs';

const REPORTS = Number(process.env.DTU_REPORTS ?? 10_000);
const UNITS = Number(process.env.DTU_UNITS ?? 100);
const PUBLISHERS = Number(process.env.DTU_PUBLISHERS ?? 8);
const ADMIN_PASSWORD = 'Admin12345';
const MOSQUITTO = { host: '127.0.0.1', port: 1883 };
const MOSQUITTO_URL = `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`;

buildServer();
const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));

async function bench(name, databaseUrl, dir) {
  const port = await freePort();
  const mqttPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { PORT: String(port), MQTT_PORT: String(mqttPort), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' },
    url,
  );
  try {
    const { api } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    await sim.seedAccessories(api, sim.DEMO_ACCESSORIES);
    const plan = { ...sim.DEMO_DTU_TESTING, aimLineNum: 'NONE', tasks: sim.DEMO_DTU_TESTING.tasks.map((task) => ({ ...task, productionNumber: UNITS * 2, excelRows: 0, needExcel: false })) };
    const seeded = await sim.seedDtuTesting(api, url, plan);
    const bench = seeded.benches.find((entry) => !entry.reworkTask && entry.serial === null);
    const login = await fetch(`${url}/api/station/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bench.pad),
    }).then((response) => response.json());
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
    const units = Array.from({ length: UNITS }, (_, index) => sim.imeiOf(700_000 + index));
    for (const imei of units) {
      const answer = await fetch(`${url}/api/station/dtu/scan`, { method: 'POST', headers, body: JSON.stringify({ imei }) }).then((response) => response.json());
      if (answer.code !== 1) throw new Error(`scan of ${imei} refused: ${answer.errorMsg}`);
    }
    const { dtuId } = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: bench.taskId });
    const stored = async () => (await api(DTU_TASK_ENDPOINTS.dtuTaskCheckHistoryList, { dtuId, pageSize: 1 })).total;

    /** REPORTS reports published to `brokerUrl` from PUBLISHERS connections, timed until all are stored and applied. */
    const measure = async (brokerUrl, label) => {
      const before = await stored();
      const clients = await Promise.all(Array.from({ length: PUBLISHERS }, () => mqtt.connectAsync(brokerUrl)));
      const started = performance.now();
      await Promise.all(
        clients.map(async (client, publisher) => {
          for (let index = publisher; index < REPORTS; index += PUBLISHERS) {
            const imei = units[index % UNITS];
            const content = { CSQ: 15 + (index % 16), VERSION: '1.2.0', VOLTAGE: 3.7 + (index % 3) / 10 };
            await client.publishAsync(dtuReportTopic(imei), JSON.stringify(content), { qos: 1 });
          }
        }),
      );
      const published = performance.now();
      for (;;) {
        if ((await stored()) - before >= REPORTS) break;
        if (performance.now() - published > 300_000) throw new Error('the reports were not all stored within five minutes');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const done = performance.now();
      await Promise.all(clients.map((client) => client.endAsync()));
      const seconds = (done - started) / 1000;
      console.log(
        `${name}, ${label}: ${REPORTS} reports of ${UNITS} units under test from ${PUBLISHERS} connections: published in ${((published - started) / 1000).toFixed(1)} s, ` +
          `all stored and applied in ${seconds.toFixed(1)} s = ${Math.round(REPORTS / seconds)} reports/s`,
      );
      return REPORTS / seconds;
    };
    const perSecond = await measure(`mqtt://127.0.0.1:${mqttPort}`, 'embedded broker');
    if (!databaseUrl.startsWith('file:')) {
      if (await sim.reachable(MOSQUITTO.host, MOSQUITTO.port)) {
        // DESIGN.md §10: the factory's broker, one server process and then two in one share group on this database.
        const env = { MQTT_URL: MOSQUITTO_URL, MQTT_SHARE_GROUP: `bench-${process.pid}`, DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
        const started = [];
        try {
          for (const count of [1, 2]) {
            const extraPort = await freePort();
            started.push(await startServer({ ...env, PORT: String(extraPort) }, `http://127.0.0.1:${extraPort}`));
            // Subscribed once the process answers (the intake subscribes when the app is ready); a moment for the SUBACK.
            await new Promise((resolve) => setTimeout(resolve, 500));
            await measure(MOSQUITTO_URL, `Mosquitto, ${count} process${count === 1 ? '' : 'es'}`);
          }
        } finally {
          for (const extra of started) await extra.stop();
        }
      } else {
        console.log(`${name}: Mosquitto does not answer at ${MOSQUITTO_URL}: one and two processes over the factory's broker not measured`);
      }
    }
    return { name, perSecond };
  } finally {
    await server.stop();
  }
}

await forEachDialect('dtu_reports', bench);
