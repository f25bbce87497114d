import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type MqttClient } from 'mqtt';

/*
 * Where DTU reports come from (DESIGN.md §9.4, §10): the factory's broker at
 * MQTT_URL, or, when it is unset, a broker of our own (aedes) on MQTT_PORT. The
 * server only listens: what arrives is handed to `onMessage` with its topic.
 */

export type MqttMessageHandler = (topic: string, payload: Buffer) => void;

export interface MqttSubscription {
  /** the embedded broker's port (the real one when MQTT_PORT is 0); null on MQTT_URL or without a broker */
  readonly port: number | null;
  /** resolves true once the topic is subscribed, false when it never will be (no broker) */
  readonly subscribed: Promise<boolean>;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  topic: string;
  log: FastifyBaseLogger;
  onMessage: MqttMessageHandler;
}

const NO_BROKER: MqttSubscription = { port: null, subscribed: Promise.resolve(false), close: async () => {} };

/**
 * An aedes broker on `port` with the server subscribed in-process (no connection
 * of its own). When the port is taken (a Mosquitto already there, a second
 * server on one machine) the server logs one warning and serves on without it.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<MqttSubscription> {
  const broker = await Aedes.createBroker();
  const server = net.createServer((socket) => broker.handle(socket));
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      options.log.warn(
        { err: error },
        `MQTT: port ${options.port} on ${options.host} is not free (${error.code ?? error.message}); DTU reports over MQTT are not taken until MQTT_PORT or MQTT_URL is set`,
      );
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!listening) {
    await closeBroker(broker);
    return NO_BROKER;
  }
  // A misbehaving device must not fill the log: its errors are debug lines.
  broker.on('clientError', (client, error) => options.log.debug({ err: error, client: client.id }, 'MQTT client error'));

  const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
    options.onMessage(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
    done();
  };
  const subscribed = new Promise<boolean>((resolve) => broker.subscribe(options.topic, deliver, () => resolve(true)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.log.info(`MQTT: embedded broker at mqtt://${options.host}:${port}`);
  return {
    port,
    subscribed,
    async close() {
      await new Promise<void>((resolve) => broker.unsubscribe(options.topic, deliver, () => resolve()));
      await closeBroker(broker);
      // Connected devices are dropped by the broker's close; the listening socket goes here.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function closeBroker(broker: Aedes): Promise<void> {
  return new Promise((resolve) => broker.close(() => resolve()));
}

export interface BrokerClientOptions {
  url: string;
  /** subscribed on every (re)connect: the session is clean */
  topic: string;
  log: FastifyBaseLogger;
  onMessage: MqttMessageHandler;
}

/**
 * A client of the factory's broker. The server starts without waiting for it and
 * the client reconnects by itself; a lost broker is logged once, not on every try.
 */
export function connectToBroker(options: BrokerClientOptions): MqttSubscription {
  const client: MqttClient = connect(options.url, {
    clientId: `factory-console-${randomUUID().slice(0, 8)}`,
    clean: true,
    reconnectPeriod: 5_000,
    connectTimeout: 10_000,
  });
  let resolveSubscribed: (value: boolean) => void = () => {};
  const subscribed = new Promise<boolean>((resolve) => (resolveSubscribed = resolve));
  let down = false;
  client.on('connect', () => {
    if (down) options.log.info(`MQTT: connected again to ${redacted(options.url)}`);
    down = false;
    client.subscribe(options.topic, { qos: 1 }, (error) => {
      if (error) options.log.error({ err: error }, `MQTT: subscribing to ${options.topic} failed`);
      else resolveSubscribed(true);
    });
  });
  client.on('error', (error) => {
    if (!down) options.log.warn({ err: error }, `MQTT: ${redacted(options.url)} does not answer; retrying every 5 s`);
    down = true;
  });
  client.on('offline', () => {
    if (!down) options.log.warn(`MQTT: lost ${redacted(options.url)}; retrying every 5 s`);
    down = true;
  });
  client.on('message', (topic, payload) => options.onMessage(topic, payload));
  return {
    port: null,
    subscribed,
    async close() {
      resolveSubscribed(false);
      await client.endAsync(true);
    },
  };
}

/** A broker url as logged: without its password. */
export function redacted(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
