import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // A second signal or a stuck request must not keep the process alive forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`工厂生产检测管理平台 at http://${config.host}:${config.port} (database ${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')})`);
