import { type CommunicationModule, type Dtu, MODULE_IMAGE_FIELD, MSG, type Page, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import {
  adminIdOf,
  createCommunicationModule,
  createModuleDtu,
  createOtherTenant,
  type FilePart,
  fullGrants,
  pngBytes,
  tinyPdf,
  unique,
  uniqueBytes,
} from '../../../test/factories/index.js';
import { partModuleApi } from '../../../test/part-module-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const image = (): FilePart => ({
  field: MODULE_IMAGE_FIELD,
  filename: 'a.png',
  content: pngBytes(unique('access')),
  contentType: 'image/png',
});
const dtuFiles = (): FilePart[] => [
  { field: 'bomListFile', filename: 'bom.xlsx', content: uniqueBytes(64, unique('bom')) },
  { field: 'productFile', filename: 'product.pdf', content: tinyPdf(unique('p')) },
  { field: 'otherRequestFile', filename: 'other.txt', content: uniqueBytes(64, unique('other')) },
];
const param = (patch: Record<string, unknown> = {}) => ({
  modelType: unique('AC_').slice(0, 18),
  communicationType: 'WIFI',
  standardVoltage: '5',
  productCompany: '乐鑫信息科技',
  ...patch,
});
const dtuType = () => unique('DTU').replace(/[^A-Za-z0-9]/g, '');

describe.each(testDialects())('who may see and change communication modules on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, form, moduleForm, userWith, otherTenantWith, leavesNothing, ok, rowOf } = partModuleApi(t);
  const addDtu = (token: string, communicationPartId: number) =>
    form(PATHS.communicationDtuAdd, token, { communicationPartId, dtuType: dtuType() }, dtuFiles());
  const listIds = async (token: string) => ok<Page<CommunicationModule>>(await get(PATHS.communicationList, token)).list.map((m) => m.id);

  describe('buttons', () => {
    it('answers 403 to every call without the menu', async () => {
      const { token } = await userWith(['/parts']);
      const moduleId = await createCommunicationModule(db());
      const dtu = await createModuleDtu(db(), moduleId);
      await leavesNothing(async () => {
        for (const response of [
          await get(PATHS.communicationList, token),
          await get(PATHS.communicationDtuList, token, { communicationPartId: moduleId }),
          await get(PATHS.communicationDtuDetail, token, { id: dtu }),
          await form(PATHS.communicationDtuAdd, token, { communicationPartId: moduleId, dtuType: dtuType() }, dtuFiles()),
          await form(PATHS.communicationDtuEdit, token, { id: dtu, dtuType: dtuType() }, dtuFiles()),
          await post(PATHS.communicationDtuDelete, token, { id: dtu }),
        ]) {
          expectRefusal(response, 403, MSG.noPermission);
        }
      });
    });

    it('answers 403 for each button the role lacks, writing nothing', async () => {
      const { token } = await userWith(['/communication']);
      const id = await createCommunicationModule(db());
      ok(await get(PATHS.communicationList, token));
      await leavesNothing(async () => {
        expectRefusal(await get(PATHS.communicationDetail, token, { id }), 403, MSG.noPermission);
        expectRefusal(await moduleForm(PATHS.communicationAdd, token, param(), [image()]), 403, MSG.noPermission);
        expectRefusal(await form(PATHS.communicationAdd, token, {}), 403, MSG.noPermission);
        expectRefusal(await moduleForm(PATHS.communicationEdit, token, param({ id }), [image()]), 403, MSG.noPermission);
        expectRefusal(await post(PATHS.communicationDelete, token, { id }), 403, MSG.noPermission);
      });
      expect((await rowOf('communication_module', id)).status).toBe(1);
    });

    it("lets the module's DTUs be managed with the menu alone (the specification shows no buttons there)", async () => {
      const { token } = await userWith(['/communication']);
      const communicationPartId = await createCommunicationModule(db());
      const id = ok<number>(await form(PATHS.communicationDtuAdd, token, { communicationPartId, dtuType: dtuType() }, dtuFiles()));
      expect(ok<Page<Dtu>>(await get(PATHS.communicationDtuList, token, { communicationPartId })).total).toBe(1);
      ok(await form(PATHS.communicationDtuEdit, token, { id, dtuType: dtuType() }));
      ok(await post(PATHS.communicationDtuDelete, token, { id }));
    });

    it('reads the detail with the detail or the edit button, and lets each button through on its own', async () => {
      const id = await createCommunicationModule(db());
      for (const grants of [['/communication', '/communication:detail'], ['/communication', '/communication:edit']]) {
        const { token } = await userWith(grants);
        expect(ok<CommunicationModule>(await get(PATHS.communicationDetail, token, { id })).id).toBe(id);
      }
      const { token } = await userWith(['/communication', '/communication:add', '/communication:edit', '/communication:delete']);
      const added = ok<number>(await moduleForm(PATHS.communicationAdd, token, param()));
      ok(await moduleForm(PATHS.communicationEdit, token, param({ id: added })));
      ok(await post(PATHS.communicationDelete, token, { id: added }));
    });
  });

  describe('tenants', () => {
    it("shows a sub-user its owner's modules and DTUs, and files its own under the owner", async () => {
      const adminId = await adminIdOf(db());
      const moduleId = await createCommunicationModule(db(), { ownerId: adminId });
      const dtu = await createModuleDtu(db(), moduleId);
      const user = await userWith(fullGrants('/communication'));
      expect(await listIds(user.token)).toContain(moduleId);
      expect(ok<Dtu>(await get(PATHS.communicationDtuDetail, user.token, { id: dtu })).id).toBe(dtu);
      const added = ok<number>(await moduleForm(PATHS.communicationAdd, user.token, param()));
      const addedDtu = ok<number>(await addDtu(user.token, added));
      expect((await rowOf('communication_module', added)).ownerId).toBe(adminId);
      expect((await rowOf('dtu', addedDtu)).ownerId).toBe(adminId);
      expect(await listIds(t.admin)).toContain(added);
    });

    it("answers 404 for another tenant's module and DTUs, changing nothing", async () => {
      const otherTenant = await createOtherTenant(db());
      const foreign = await createCommunicationModule(db(), { ownerId: otherTenant });
      const foreignDtu = await createModuleDtu(db(), foreign);
      const { token } = await userWith(fullGrants('/communication'));
      expect(await listIds(token)).not.toContain(foreign);
      await leavesNothing(async () => {
        expectRefusal(await get(PATHS.communicationDetail, token, { id: foreign }), 404, MSG.recordNotFound);
        expectRefusal(await moduleForm(PATHS.communicationEdit, token, param({ id: foreign }), [image()]), 404, MSG.recordNotFound);
        expectRefusal(await post(PATHS.communicationDelete, token, { id: foreign }), 404, MSG.recordNotFound);
        expectRefusal(await get(PATHS.communicationDtuList, token, { communicationPartId: foreign }), 404, MSG.recordNotFound);
        expectRefusal(await get(PATHS.communicationDtuDetail, token, { id: foreignDtu }), 404, MSG.recordNotFound);
        expectRefusal(await addDtu(token, foreign), 404, MSG.recordNotFound);
        const edited = await form(PATHS.communicationDtuEdit, token, { id: foreignDtu, dtuType: dtuType() }, dtuFiles());
        expectRefusal(edited, 404, MSG.recordNotFound);
        expectRefusal(await post(PATHS.communicationDtuDelete, token, { id: foreignDtu }), 404, MSG.recordNotFound);
      });
      expect((await rowOf('dtu', foreignDtu)).status).toBe(1);
    });

    it('keeps models unique per tenant: another tenant may use the same module and DTU models', async () => {
      const modelType = unique('SAME_');
      const type = dtuType();
      const mine = await createCommunicationModule(db(), { modelType });
      await createModuleDtu(db(), mine, { dtuType: type });
      const tenant = await otherTenantWith(fullGrants('/communication'));
      const theirs = ok<number>(await moduleForm(PATHS.communicationAdd, tenant.token, param({ modelType })));
      ok(await form(PATHS.communicationDtuAdd, tenant.token, { communicationPartId: theirs, dtuType: type }, dtuFiles()));
      expect(await listIds(tenant.token)).toEqual([theirs]);
      expect((await rowOf('communication_module', theirs)).ownerId).toBe(tenant.id);
    });

    it("lets the platform administrator add a DTU to a tenant's module, the DTU being the tenant's", async () => {
      const tenant = await otherTenantWith(fullGrants('/communication'));
      const moduleId = await createCommunicationModule(db(), { ownerId: tenant.id });
      const id = ok<number>(await addDtu(t.admin, moduleId));
      expect((await rowOf('dtu', id)).ownerId).toBe(tenant.id);
      const seen = ok<Page<Dtu>>(await get(PATHS.communicationDtuList, tenant.token, { communicationPartId: moduleId }));
      expect(seen.list.map((dtu) => dtu.id)).toEqual([id]);
    });
  });
});
