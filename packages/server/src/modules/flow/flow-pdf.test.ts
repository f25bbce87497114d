import { type Envelope, FLOW_LIMITS, FLOW_MSG, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createFlow, createProduct, type FilePart, filesUnder, tinyPdf, uniqueBytes, uniqueCode } from '../../../test/factories/index.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { flowApi } from '../../../test/flow-api.js';

describe.each(testDialects())('product flows on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, post, postParts, expectRefusal, flowCount, listFlows, flowDetail } = flowApi(t);

  describe('the work-instruction PDF', () => {
    const pdfPart = (filename = '作业指导书.pdf', content = tinyPdf(uniqueCode('pdf'))): FilePart => ({
      field: 'pdf',
      filename,
      content,
      contentType: 'application/pdf',
    });

    it('stores the PDF and serves it by its download URL', async () => {
      const productId = await createProduct(db());
      const content = tinyPdf('work instruction');
      const response = await postParts(PATHS.flowAdd, { productId, name: '带指导书' }, [pdfPart('作业指导书.pdf', content)]);
      expect(response.json<Envelope<number>>().code).toBe(1);
      const flow = (await listFlows(productId))[0]!;
      expect(flow.pdfFileName).toBe('作业指导书.pdf');
      expect(flow.pdfDownloadUrl).toMatch(/^\/api\/file\/[\w-]+$/);
      const served = await t.app.inject({ method: 'GET', url: flow.pdfDownloadUrl! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.equals(content)).toBe(true);
      expect((await flowDetail(productId, flow.id)).data.pdfFileName).toBe('作业指导书.pdf');
    });

    it('replaces, keeps and removes the PDF on edit, deleting the old file', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '指导书' }, [pdfPart('旧.pdf')]);
      const flow = (await listFlows(productId))[0]!;
      const oldUrl = flow.pdfDownloadUrl!;

      await postParts(PATHS.flowEdit, { id: flow.id, productId, name: '指导书' }, [pdfPart('新.pdf')]);
      const replaced = (await listFlows(productId))[0]!;
      expect(replaced.pdfFileName).toBe('新.pdf');
      expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: replaced.pdfDownloadUrl! })).statusCode).toBe(200);

      await postParts(PATHS.flowEdit, { id: flow.id, productId, name: '改名了' });
      expect((await listFlows(productId))[0]).toMatchObject({ name: '改名了', pdfFileName: '新.pdf' });

      const filesBefore = filesUnder(t.config.filesDir).length;
      await post(PATHS.flowEdit, t.admin, { id: flow.id, productId, name: '改名了', removePdf: true });
      expect((await listFlows(productId))[0]).toMatchObject({ pdfFileName: null, pdfDownloadUrl: null });
      expect((await t.app.inject({ method: 'GET', url: replaced.pdfDownloadUrl! })).statusCode).toBe(404);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore - 1);
    });

    it('deletes the PDF with its flow', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '指导书' }, [pdfPart()]);
      const flow = (await listFlows(productId))[0]!;
      const filesBefore = filesUnder(t.config.filesDir).length;
      expect((await post(PATHS.flowDelete, t.admin, { id: flow.id })).json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect((await t.app.inject({ method: 'GET', url: flow.pdfDownloadUrl! })).statusCode).toBe(404);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore - 1);
    });

    it('takes a PDF of exactly 8 MB and refuses one byte more, leaving nothing behind', async () => {
      const productId = await createProduct(db());
      const limit = FLOW_LIMITS.pdfMaxBytes;
      const filesBefore = filesUnder(t.config.filesDir);
      const tooLarge = await postParts(PATHS.flowAdd, { productId, name: '大文件' }, [
        pdfPart('大.pdf', uniqueBytes(limit + 1, `%PDF-${uniqueCode()}`)),
      ]);
      expectRefusal(tooLarge, 413, MSG.flowPdfTooLarge);
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);

      const fits = await postParts(PATHS.flowAdd, { productId, name: '刚好' }, [pdfPart('刚好.pdf', uniqueBytes(limit, `%PDF-${uniqueCode()}`))]);
      expect(fits.json<Envelope<number>>().code).toBe(1);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore.length + 1);
    });

    it('refuses what is not a PDF, a second PDF and a flow that fails its checks, leaving nothing behind', async () => {
      const productId = await createProduct(db());
      const filesBefore = filesUnder(t.config.filesDir);
      const storedFiles = async () =>
        Number((await db().selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rowsBefore = await storedFiles();
      const params = { productId, name: '文件检查' };
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('说明.txt', Buffer.from('plain text'))]), 400, MSG.flowPdfType);
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('伪装.pdf', Buffer.from('<html>not a pdf</html>'))]), 400, MSG.flowPdfType);
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('一.pdf'), pdfPart('二.pdf')]), 400, MSG.flowPdfOnlyOne);
      expectRefusal(await postParts(PATHS.flowAdd, { ...params, name: 'x' }, [pdfPart()]), 400, MSG.flowNameRule);
      expectRefusal(await postParts(PATHS.flowAdd, { ...params, manualItems: [''] }, [pdfPart()]), 400, FLOW_MSG.manualEmpty(1));
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
      expect(await storedFiles()).toBe(rowsBefore);
    });

    it('leaves nothing behind when the flow after the PDF is unreadable or refused (issue 12, finding 9)', async () => {
      const productId = await createProduct(db());
      const filesBefore = filesUnder(t.config.filesDir);
      /** the PDF first, then the flow: the order a client may send them in */
      const pdfThenParams = async (params: string) => {
        const form = new FormData();
        form.append('pdf', new Blob([tinyPdf(uniqueCode('pdf first'))], { type: 'application/pdf' }), '指导书.pdf');
        form.append('productFlowParams', params);
        const body = new Response(form);
        const payload = Buffer.from(await body.arrayBuffer());
        const headers = { 'content-type': body.headers.get('content-type')!, ...bearer(t.admin) };
        return t.app.inject({ method: 'POST', url: PATHS.flowAdd, payload, headers });
      };
      expectRefusal(await pdfThenParams('{"productId": '), 400, MSG.invalidInput);
      expectRefusal(await pdfThenParams(JSON.stringify({ productId, name: 'x' })), 400, MSG.flowNameRule);
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
      const accepted = await pdfThenParams(JSON.stringify({ productId, name: '先传文件' }));
      expect(accepted.json<Envelope<number>>().code).toBe(1);
    });

    it('refuses a program renamed .pdf as not a PDF', async () => {
      const productId = await createProduct(db());
      const exe = Buffer.concat([Buffer.from('MZ'), uniqueBytes(400, 'a windows program')]);
      expectRefusal(await postParts(PATHS.flowAdd, { productId, name: '伪装文件' }, [pdfPart('伪装.pdf', exe)]), 400, MSG.flowPdfType);
      expect(await flowCount(productId)).toBe(0);
    });

    it('keeps a PDF another flow shares (a copied product’s flow) when one of them lets it go', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '原件' }, [pdfPart()]);
      const original = (await listFlows(productId))[0]!;
      const fileId = (await db().selectFrom('product_flow').select('pdfFileId').where('id', '=', original.id).executeTakeFirstOrThrow()).pdfFileId;
      const copy = await createProduct(db());
      await createFlow(db(), copy, { name: '复制件', pdfFileId: fileId });
      await post(PATHS.flowDelete, t.admin, { id: original.id });
      const shared = (await listFlows(copy))[0]!;
      expect(shared.pdfDownloadUrl).toBe(original.pdfDownloadUrl);
      expect((await t.app.inject({ method: 'GET', url: shared.pdfDownloadUrl! })).statusCode).toBe(200);
    });
  });
});
