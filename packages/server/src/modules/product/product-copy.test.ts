import { type Envelope, PATHS, type Product } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  createFlow,
  createProduct,
  createProperty,
  tinyPdf,
  uniqueBytes,
  uniqueCode,
  uploadStoredFile,
} from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { productApi } from '../../../test/product-api.js';

describe.each(testDialects())('products on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, post, detail, productRow, lastLog } = productApi(t);

  describe('copy', () => {
    it('makes an unpublished copy with the properties and flows, items remapped, and no firmware', async () => {
      const number = uniqueCode('Src');
      const code = uniqueCode('SrcC');
      const id = await createProduct(db(), { number, code, publishStatus: 'PUBLISH', communicationId: '2.4G', publishTime: Date.now() });
      const temperature = await createProperty(db(), id, { name: '温度', code: 'temp', dataTypeId: 'float', min: -20, max: 60 });
      const mode = await createProperty(db(), id, {
        name: '模式',
        code: 'mode',
        dataTypeId: 'enum',
        enumerates: { '0': '自动', '1': '手动' },
      });
      const online = await createProperty(db(), id, { name: '在线', code: 'online', dataTypeId: 'boolean', trueValue: '是', falseValue: '否' });
      const pdf = await uploadStoredFile(t.app, t.admin, '作业指导书.pdf', tinyPdf('copy guide'));
      const first = await createFlow(db(), id, {
        name: '外观检查',
        items: [{ propertyId: temperature, intervalNumber: 1, normalValue: '10', normalValueMax: '30' }],
        manualItems: ['检查外壳', '检查包装'],
      });
      const second = await createFlow(db(), id, {
        name: '功能检查',
        bindMac: true,
        flowType: 'DTU_CHECK',
        normal: false,
        pdfFileId: pdf.id,
        items: [
          { propertyId: mode, normalEnums: ['0', '1'] },
          { propertyId: online, normalBoolean: 1 },
        ],
      });
      const firmwareFile = await uploadStoredFile(t.app, t.admin, 'fw.bin', uniqueBytes(64, 'copy firmware'));
      await db()
        .insertInto('firmware')
        .values({
          productId: id,
          type: 'TEST',
          versionNumber: 'v1',
          description: '产测',
          fileId: firmwareFile.id,
          status: 'USE',
          createTime: Date.now(),
          updateTime: Date.now(),
        })
        .execute();

      const response = await post(PATHS.productCopy, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      const copyId = response.json<Envelope<number>>().data;
      expect(copyId).not.toBe(id);

      const copy = await detail(copyId);
      const original = await detail(id);
      expect(copy).toMatchObject({
        number: `${number}_copy`,
        code: `${code}_copy`,
        publishStatus: 'UNPUBLISH',
        publishTime: null,
        communicationId: '2.4G',
        productTypeId: original.productTypeId,
        dataFormatId: original.dataFormatId,
        description: original.description,
        flowCount: 2,
        propertyCount: 3,
      });
      await expect.poll(() => lastLog(PATHS.productCopy)).toBe(`复制产品 ${number}(${code}) → ${number}_copy(${code}_copy) #${copyId}`);

      const propertiesOf = (productId: number) =>
        db().selectFrom('product_property').selectAll().where('productId', '=', productId).orderBy('id').execute();
      const sourceProperties = await propertiesOf(id);
      const copiedProperties = await propertiesOf(copyId);
      const strip = ({ id: _id, productId: _p, createTime: _c, updateTime: _u, ...rest }: (typeof sourceProperties)[number]) => rest;
      expect(copiedProperties.map(strip)).toEqual(sourceProperties.map(strip));
      expect(copiedProperties.map((p) => p.id).filter((pid) => sourceProperties.some((s) => s.id === pid))).toEqual([]);
      const newIdOf = (oldId: number) => copiedProperties.find((p) => p.code === sourceProperties.find((s) => s.id === oldId)!.code)!.id;

      const flowsOf = (productId: number) =>
        db().selectFrom('product_flow').selectAll().where('productId', '=', productId).orderBy('sequence').execute();
      const copiedFlows = await flowsOf(copyId);
      const flowFields = copiedFlows.map(({ name, sequence, bindMac, normal, flowType, pdfFileId }) => ({
        name,
        sequence,
        bindMac,
        normal,
        flowType,
        pdfFileId,
      }));
      expect(flowFields).toEqual([
        { name: '外观检查', sequence: 1, bindMac: 0, normal: 1, flowType: 'OVERALL_CHECK', pdfFileId: null },
        { name: '功能检查', sequence: 2, bindMac: 1, normal: 0, flowType: 'DTU_CHECK', pdfFileId: pdf.id },
      ]);
      const itemsOf = (flowId: number) => db().selectFrom('flow_item').selectAll().where('flowId', '=', flowId).orderBy('sequence').execute();
      const strippedItems = async (flowId: number) => (await itemsOf(flowId)).map(({ flowId: _f, ...rest }) => rest);
      expect(await strippedItems(copiedFlows[0]!.id)).toEqual(
        (await strippedItems(first)).map((item) => ({ ...item, propertyId: newIdOf(item.propertyId) })),
      );
      expect(await strippedItems(copiedFlows[1]!.id)).toEqual(
        (await strippedItems(second)).map((item) => ({ ...item, propertyId: newIdOf(item.propertyId) })),
      );
      expect((await itemsOf(copiedFlows[1]!.id)).map((item) => item.propertyId)).toEqual([newIdOf(mode), newIdOf(online)]);
      const manual = await db()
        .selectFrom('flow_manual_item')
        .select(['sequence', 'manualValue'])
        .where('flowId', '=', copiedFlows[0]!.id)
        .orderBy('sequence')
        .execute();
      expect(manual).toEqual([
        { sequence: 1, manualValue: '检查外壳' },
        { sequence: 2, manualValue: '检查包装' },
      ]);
      expect(await db().selectFrom('firmware').select('id').where('productId', '=', copyId).execute()).toEqual([]);
      // The original is untouched.
      expect((await productRow(id))?.publishStatus).toBe('PUBLISH');
      expect(await flowsOf(id)).toHaveLength(2);
    });

    it('numbers further copies _copy2, _copy3 and cuts long values to 32 characters', async () => {
      const number = uniqueCode('Long').padEnd(31, 'n');
      const code = uniqueCode('LongC').padEnd(32, 'c');
      const id = await createProduct(db(), { number, code });
      const copies: Product[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await post(PATHS.productCopy, t.admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        copies.push(await detail(response.json<Envelope<number>>().data));
      }
      expect(copies.map((c) => c.number)).toEqual([
        `${number.slice(0, 27)}_copy`,
        `${number.slice(0, 26)}_copy2`,
        `${number.slice(0, 26)}_copy3`,
      ]);
      expect(copies.map((c) => c.code)).toEqual([`${code.slice(0, 27)}_copy`, `${code.slice(0, 26)}_copy2`, `${code.slice(0, 26)}_copy3`]);
      for (const copy of copies) {
        expect(copy.number.length).toBeLessThanOrEqual(32);
        expect(copy.code.length).toBeLessThanOrEqual(32);
      }
      // A copy of a copy.
      const again = await post(PATHS.productCopy, t.admin, { id: copies[0]!.id });
      // A copy of a copy: the cut copy's stem is the original's, so the next free suffix follows.
      expect((await detail(again.json<Envelope<number>>().data)).number).toBe(`${number.slice(0, 26)}_copy4`);
    });

    it('copies a product in any status', async () => {
      for (const publishStatus of ['UNPUBLISH', 'PRODUCTING'] as const) {
        const id = await createProduct(db(), { publishStatus });
        const response = await post(PATHS.productCopy, t.admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        expect((await detail(response.json<Envelope<number>>().data)).publishStatus).toBe('UNPUBLISH');
      }
    });
  });
});
