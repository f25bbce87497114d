import { type Envelope, type Flow, type FlowDetail, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createProduct, createProperty, createRole, createUser, type FilePart, multipartBody, uniqueCode } from './factories/index.js';
import { bearer, client, dbOf, loginAs } from './session-helpers.js';
import type { TestContext } from './test-app.js';

export const PASSWORD = 'Passw0rdX';

/** What the flow test files share: called first in each suite, after the app's preamble. */
export function flowApi(t: TestContext) {
  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  /** add or edit as the console sends it: the flow as the part productFlowParams, and files. */
  async function postParts(url: string, params: object | string, files: FilePart[] = [], token = t.admin) {
    const text = typeof params === 'string' ? params : JSON.stringify(params);
    const { payload, headers } = await multipartBody(files, { productFlowParams: text });
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
  }
  const expectRefusal = (response: LightMyRequestResponse, status: number, message: string) => {
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status,
      body: { code: 0, data: null, errorMsg: message },
    });
  };
  async function userWith(grants: string[]): Promise<string> {
    const roleId = await createRole(db(), grants);
    const userName = uniqueCode('u');
    await createUser(db(), userName, PASSWORD, { roleId });
    return (await loginAs(t.app, userName, PASSWORD)).token;
  }
  const flowCount = async (productId: number) =>
    Number(
      (
        await db()
          .selectFrom('product_flow')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('productId', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listFlows = async (productId: number) =>
    (await get(PATHS.flowList, t.admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
  const flowDetail = async (productId: number, flowId: number) =>
    (await get(PATHS.flowDetail, t.admin, { productId: String(productId), flowId: String(flowId) })).json<Envelope<FlowDetail>>();
  async function addFlow(payload: object): Promise<number> {
    const response = await post(PATHS.flowAdd, t.admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }
  /** A product with one property of each data type. */
  async function productWithProperties(communicationId = 'WIFI') {
    const productId = await createProduct(db(), { communicationId, connectInternet: true });
    const ids = {
      power: await createProperty(db(), productId, { name: '电源', dataTypeId: 'boolean', trueValue: '开', falseValue: '关' }),
      voltage: await createProperty(db(), productId, { name: '电压', dataTypeId: 'int', min: 0, max: 100 }),
      temperature: await createProperty(db(), productId, { name: '温度', dataTypeId: 'float', min: -10.5, max: 50 }),
      precision: await createProperty(db(), productId, { name: '精度', dataTypeId: 'double', min: 0, max: 1 }),
      serial: await createProperty(db(), productId, { name: '序列号', dataTypeId: 'string', length: 5 }),
      color: await createProperty(db(), productId, { name: '颜色', dataTypeId: 'enum', enumerates: { '0': '红', '1': '绿' } }),
      link: await createProperty(db(), productId, { name: '链接', dataTypeId: 'url' }),
    };
    return { productId, ids };
  }

  return {
    db,
    get,
    post,
    postParts,
    expectRefusal,
    userWith,
    flowCount,
    listFlows,
    flowDetail,
    addFlow,
    productWithProperties,
  };
}
