import { type Fitting, MSG, type Page, PART_IMAGE_FIELD, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { adminIdOf, createFitting, createOtherTenant, fullGrants, pngBytes, unique } from '../../../test/factories/index.js';
import { partModuleApi } from '../../../test/part-module-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const image = () => ({ field: PART_IMAGE_FIELD, filename: 'a.png', content: pngBytes(unique('access')), contentType: 'image/png' });

describe.each(testDialects())('who may see and change parts on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, form, userWith, otherTenantWith, leavesNothing, ok } = partModuleApi(t);
  const listIds = async (token: string) => ok<Page<Fitting>>(await get(PATHS.fittingList, token)).list.map((part) => part.id);

  describe('buttons', () => {
    it('answers 403 without the menu, before reading the body', async () => {
      const { token } = await userWith(['/communication']);
      expectRefusal(await get(PATHS.fittingList, token), 403, MSG.noPermission);
      expectRefusal(await form(PATHS.fittingAdd, token, { fittingType: 1, partDesc: '无权配件' }, [image()]), 403, MSG.noPermission);
    });

    it('answers 403 for each button the role lacks, writing nothing', async () => {
      const { token } = await userWith(['/parts']);
      const id = await createFitting(db());
      ok(await get(PATHS.fittingList, token));
      await leavesNothing(async () => {
        expectRefusal(await get(PATHS.fittingDetail, token, { id }), 403, MSG.noPermission);
        expectRefusal(await form(PATHS.fittingAdd, token, { fittingType: 1, partDesc: '无权配件' }, [image()]), 403, MSG.noPermission);
        expectRefusal(await form(PATHS.fittingAdd, token, {}), 403, MSG.noPermission);
        expectRefusal(await form(PATHS.fittingEdit, token, { id, fittingType: 1, partDesc: '无权配件' }, [image()]), 403, MSG.noPermission);
        expectRefusal(await post(PATHS.fittingDelete, token, { id }), 403, MSG.noPermission);
        expectRefusal(await post(PATHS.fittingDelete, token, {}), 403, MSG.noPermission);
      });
      expect((await db().selectFrom('fitting').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
    });

    it('reads the detail with the detail or the edit button', async () => {
      const id = await createFitting(db());
      for (const grants of [['/parts', '/parts:detail'], ['/parts', '/parts:edit']]) {
        const { token } = await userWith(grants);
        expect(ok<Fitting>(await get(PATHS.fittingDetail, token, { id })).id).toBe(id);
      }
    });

    it('lets each button through on its own', async () => {
      const { token } = await userWith(['/parts', '/parts:add', '/parts:edit', '/parts:delete']);
      const id = ok<number>(await form(PATHS.fittingAdd, token, { fittingType: 1, partDesc: '授权配件' }, [image()]));
      ok(await form(PATHS.fittingEdit, token, { id, fittingType: 1, partDesc: '授权配件二' }));
      ok(await post(PATHS.fittingDelete, token, { id }));
    });
  });

  describe('tenants', () => {
    it("shows a sub-user its owner's parts, and files its own under the owner", async () => {
      const adminId = await adminIdOf(db());
      const owners = await createFitting(db(), { ownerId: adminId });
      const user = await userWith(fullGrants('/parts'));
      expect(await listIds(user.token)).toContain(owners);
      const added = ok<number>(await form(PATHS.fittingAdd, user.token, { fittingType: 1, partDesc: '子账号配件' }, [image()]));
      const row = await db().selectFrom('fitting').select('ownerId').where('id', '=', added).executeTakeFirstOrThrow();
      expect(row.ownerId).toBe(adminId);
      expect(await listIds(t.admin)).toContain(added);
    });

    it("answers 404 for another tenant's part, changing nothing", async () => {
      const foreign = await createFitting(db(), { ownerId: await createOtherTenant(db()) });
      const { token } = await userWith(fullGrants('/parts'));
      expect(await listIds(token)).not.toContain(foreign);
      await leavesNothing(async () => {
        expectRefusal(await get(PATHS.fittingDetail, token, { id: foreign }), 404, MSG.recordNotFound);
        const edited = await form(PATHS.fittingEdit, token, { id: foreign, fittingType: 1, partDesc: '越权' }, [image()]);
        expectRefusal(edited, 404, MSG.recordNotFound);
        expectRefusal(await post(PATHS.fittingDelete, token, { id: foreign }), 404, MSG.recordNotFound);
      });
      expect((await db().selectFrom('fitting').select('status').where('id', '=', foreign).executeTakeFirstOrThrow()).status).toBe(1);
    });

    it('keeps another tenant to its own parts; the platform administrator sees every tenant', async () => {
      const tenant = await otherTenantWith(fullGrants('/parts'));
      const adminsPart = await createFitting(db());
      const own = ok<number>(await form(PATHS.fittingAdd, tenant.token, { fittingType: 1, partDesc: '他人配件' }, [image()]));
      expect(await listIds(tenant.token)).toEqual([own]);
      expectRefusal(await get(PATHS.fittingDetail, tenant.token, { id: adminsPart }), 404, MSG.recordNotFound);
      const row = await db().selectFrom('fitting').select('ownerId').where('id', '=', own).executeTakeFirstOrThrow();
      expect(row.ownerId).toBe(tenant.id);
      expect(await listIds(t.admin)).toEqual(expect.arrayContaining([own, adminsPart]));
      ok(await form(PATHS.fittingEdit, t.admin, { id: own, fittingType: 1, partDesc: '平台改名' }));
      expect(ok<Fitting>(await get(PATHS.fittingDetail, tenant.token, { id: own })).partDesc).toBe('平台改名');
    });
  });
});
