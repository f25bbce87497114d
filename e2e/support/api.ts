import { PATHS } from '@factory/contracts';
import { type ConsoleCall, consoleLogin } from '../../packages/simulator/src/index.js';
import { ADMIN_PASSWORD } from './server.js';

export type ApiCall = ConsoleCall;

/**
 * Calls of the admin on a running server, for seeding what a journey does not
 * itself exercise (the server runs with CAPTCHA=off): the simulator's console
 * client, which throws on an error envelope.
 */
export async function adminApi(baseUrl: string): Promise<ApiCall> {
  return (await consoleLogin(baseUrl, 'admin', ADMIN_PASSWORD)).call;
}

/** An enabled line of the first factory; answers its id. */
export async function seedLine(api: ApiCall, lineName: string, lineNum: string): Promise<number> {
  const factories = await api<{ list: { id: number }[] }>('GET', `${PATHS.factoryList}?pageSize=0`);
  return api<number>('POST', PATHS.lineAdd, { json: { factoryId: factories.list[0]!.id, lineName, lineNum } });
}

/** A 21.5-inch PAD idle on the line. */
export async function seedPad(api: ApiCall, terminalCode: string, terminalName: string, lineId: number): Promise<number> {
  const categories = await api<Record<string, string>>('GET', `${PATHS.terminalCategory}?terminalType=PAD`);
  const categoryId = Number(Object.keys(categories)[0]);
  return api<number>('POST', PATHS.terminalAdd, { json: { terminalCode, terminalName, terminalType: 'PAD', categoryId, lineId } });
}

/** A published product of the type named `typeName` with one flow per name, each with a manual check. */
export async function seedPublishedProduct(
  api: ApiCall,
  product: { typeName: string; number: string; code: string; flows: string[] },
): Promise<number> {
  const types = await api<{ id: number; name: string }[]>('GET', PATHS.productTypes);
  const formats = await api<{ id: number; name: string }[]>('GET', PATHS.dataFormats);
  const created = await api<number | { id: number }>('POST', PATHS.productCreate, {
    json: {
      productTypeId: types.find((type) => type.name === product.typeName)!.id,
      number: product.number,
      code: product.code,
      connectInternet: false,
      dataFormatId: formats[0]!.id,
      description: '端到端测试产品',
    },
  });
  const productId = typeof created === 'number' ? created : created.id;
  for (const name of product.flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, name, items: [], manualItems: ['外观完好'] }));
    await api('POST', PATHS.flowAdd, { multipart: form });
  }
  await api('POST', PATHS.productPublish, { json: { id: productId } });
  return productId;
}
