import { FLOW_ENDPOINTS, type InspectionLevel, LINE_ENDPOINTS, PRODUCT_ENDPOINTS, TERMINAL_ENDPOINTS } from '@factory/contracts';
import type { Page } from 'playwright-core';
import { type ConsoleApi, consoleApi, ConsoleApiError, consoleLogin } from '../../packages/simulator/src/index.js';
import { ADMIN_PASSWORD } from './server.js';

export type { ConsoleApi };

/**
 * The admin's typed client of a running server, for seeding what a journey does
 * not itself exercise (the server runs with CAPTCHA=off): the simulator's console
 * client, typed by the contracts, which throws on an error envelope and on an
 * answer outside its contract.
 */
export async function adminApi(baseUrl: string): Promise<ConsoleApi> {
  return (await consoleLogin(baseUrl, 'admin', ADMIN_PASSWORD)).api;
}

/**
 * The typed client carrying the session the page signed in with (the console keeps it in
 * sessionStorage): what the server answers that user, whatever the page shows.
 */
export async function pageApi(page: Page): Promise<ConsoleApi> {
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('factory-console-session')!) as { state: { token: string } }).state.token);
  return consoleApi(new URL(page.url()).origin, token);
}

/** The HTTP status a call ends with: 200, or the refusal's. */
export function statusOf(call: Promise<unknown>): Promise<number> {
  return call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof ConsoleApiError) return error.status;
      throw error;
    },
  );
}

/** An enabled line of the first factory; answers its id. */
export async function seedLine(api: ConsoleApi, lineName: string, lineNum: string): Promise<number> {
  const factories = await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 });
  return api(LINE_ENDPOINTS.lineAdd, { factoryId: factories.list[0]!.id, lineName, lineNum });
}

/** A 21.5-inch PAD idle on the line. */
export async function seedPad(api: ConsoleApi, terminalCode: string, terminalName: string, lineId: number): Promise<number> {
  const categories = await api(TERMINAL_ENDPOINTS.terminalCategory, { terminalType: 'PAD' });
  const categoryId = Number(Object.keys(categories)[0]);
  return api(TERMINAL_ENDPOINTS.terminalAdd, { terminalCode, terminalName, terminalType: 'PAD', categoryId, lineId });
}

/**
 * A published product of the type named `typeName` with one flow per name, each with a manual check;
 * its stock batches are sampled at the given GB/T 2828.1 level and AQL (the server's II and 1.0 when left out).
 */
export async function seedPublishedProduct(
  api: ConsoleApi,
  product: { typeName: string; number: string; code: string; flows: string[]; inspectionLevel?: InspectionLevel; aql?: number },
): Promise<number> {
  const types = await api(PRODUCT_ENDPOINTS.productTypes);
  const formats = await api(PRODUCT_ENDPOINTS.dataFormats);
  const productId = await api(PRODUCT_ENDPOINTS.productCreate, {
    productTypeId: types.find((type) => type.name === product.typeName)!.id,
    number: product.number,
    code: product.code,
    connectInternet: false,
    dataFormatId: formats[0]!.id,
    description: '端到端测试产品',
    inspectionLevel: product.inspectionLevel,
    aql: product.aql,
  });
  for (const name of product.flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, name, items: [], manualItems: ['外观完好'] }));
    await api(FLOW_ENDPOINTS.flowAdd, form);
  }
  await api(PRODUCT_ENDPOINTS.productPublish, { id: productId });
  return productId;
}
