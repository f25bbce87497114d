import {
  ACCESSORY_MSG,
  autoCatalogue,
  COMMUNICATION_TYPE_CODES,
  DTU_CATALOGUE_ENDPOINTS as CATALOGUE,
  DTU_DATA_TYPES,
  DTU_PROPERTY_ENDPOINTS as PROPERTY,
  serialCatalogue,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import type { Tenancy } from '../../platform/tenancy.js';
import {
  autoPage,
  findAutoProperty,
  findOtherProperty,
  findPropertyDtu,
  findPropertyHead,
  findSerialProperty,
  otherPage,
  type PropertyKind,
  serialPage,
} from './dtu-property.repository.js';
import {
  addAutoProperty,
  addOtherProperty,
  addSerialProperty,
  changePropertyStatus,
  deleteProperty,
  editAutoProperty,
  editOtherProperty,
  editSerialProperty,
} from './dtu-property.service.js';
import { toAutoProperty, toCatalogueOption, toOtherProperty, toSerialProperty } from './property-rows.js';

/** How the operation log names each kind (串口检测属性 …), as the console's texts do. */
const KIND_NAMES: Record<PropertyKind, string> = { serial: '串口', auto: '自动', other: '其他' };
const kindText = (kind: PropertyKind) => `${KIND_NAMES[kind]}检测属性`;

/** The catalogue's communication type, or 400 for one it does not know (null: a DTU without networking). */
function catalogueType(code: string | null): string | null {
  if (code !== null && !(COMMUNICATION_TYPE_CODES as readonly string[]).includes(code)) {
    throw badRequest(ACCESSORY_MSG.communicationTypeRequired);
  }
  return code;
}

/** The catalogues and the serial, automatic and other test properties of a DTU (partsPotion). */
export function dtuPropertyRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  const zone = config.timeZone;

  /** The DTU a list or a detail reads must be the caller's (an archived one too: its pages still render). */
  async function requireDtu(tenancy: Tenancy, dtuId: number): Promise<void> {
    if (!(await findPropertyDtu(db.kysely, tenancy, dtuId))) throw notFound();
  }
  async function requireVisible(tenancy: Tenancy, kind: PropertyKind, id: number): Promise<void> {
    if (!(await findPropertyHead(db.kysely, tenancy, kind, id))) throw notFound();
  }

  return async (app) => {
    route(app, CATALOGUE.dtuSerialTypes, async (request) =>
      serialCatalogue(catalogueType(request.query.communicationTypeCode)).map(toCatalogueOption),
    );
    route(app, CATALOGUE.dtuAutoTypes, async (request) =>
      autoCatalogue(catalogueType(request.query.communicationTypeCode)).map(toCatalogueOption),
    );
    route(app, CATALOGUE.dtuDataTypes, async () => DTU_DATA_TYPES.map(({ code, name }) => ({ code, name })));

    // serial
    route(app, PROPERTY.serialPropertyList, async (request) => {
      const { dtuId, page, pageSize } = request.query;
      await requireDtu(await request.scope(), dtuId);
      const { rows, total } = await serialPage(db.kysely, dtuId, { page, pageSize });
      return { list: rows.map((row) => toSerialProperty(row, zone)), total, pageSize, pageNum: page };
    });
    route(app, PROPERTY.serialPropertyDetail, async (request) => {
      await requireVisible(await request.scope(), 'serial', request.query.id);
      const row = await findSerialProperty(db.kysely, request.query.id);
      if (!row) throw notFound();
      return toSerialProperty(row, zone);
    });
    route(app, PROPERTY.serialPropertyAdd, async (request) => {
      const scope = await request.scope();
      const added = await inTransaction(db, (tx) => addSerialProperty(tx, scope, request.body));
      request.operationSummary = `新增${kindText('serial')} ${added.label} DTU ${added.dtu.dtuType}`;
      return added.id;
    });
    route(app, PROPERTY.serialPropertyEdit, async (request) => {
      const scope = await request.scope();
      const { id, ...fields } = request.body;
      const edited = await inTransaction(db, (tx) => editSerialProperty(tx, scope, id, fields));
      request.operationSummary = `编辑${kindText('serial')} ${edited.label} DTU ${edited.dtu.dtuType}`;
      return null;
    });

    // automatic
    route(app, PROPERTY.autoPropertyList, async (request) => {
      const { dtuId, page, pageSize } = request.query;
      await requireDtu(await request.scope(), dtuId);
      const { rows, total } = await autoPage(db.kysely, dtuId, { page, pageSize });
      return { list: rows.map((row) => toAutoProperty(row, zone)), total, pageSize, pageNum: page };
    });
    route(app, PROPERTY.autoPropertyDetail, async (request) => {
      await requireVisible(await request.scope(), 'auto', request.query.id);
      const row = await findAutoProperty(db.kysely, request.query.id);
      if (!row) throw notFound();
      return toAutoProperty(row, zone);
    });
    route(app, PROPERTY.autoPropertyAdd, async (request) => {
      const scope = await request.scope();
      const added = await inTransaction(db, (tx) => addAutoProperty(tx, scope, request.body));
      request.operationSummary = `新增${kindText('auto')} ${added.label} DTU ${added.dtu.dtuType}`;
      return added.id;
    });
    route(app, PROPERTY.autoPropertyEdit, async (request) => {
      const scope = await request.scope();
      const { id, ...fields } = request.body;
      const edited = await inTransaction(db, (tx) => editAutoProperty(tx, scope, id, fields));
      request.operationSummary = `编辑${kindText('auto')} ${edited.label} DTU ${edited.dtu.dtuType}`;
      return null;
    });

    // other
    route(app, PROPERTY.otherPropertyList, async (request) => {
      const { dtuId, page, pageSize } = request.query;
      await requireDtu(await request.scope(), dtuId);
      const { rows, total } = await otherPage(db.kysely, dtuId, { page, pageSize });
      return { list: rows.map((row) => toOtherProperty(row, zone)), total, pageSize, pageNum: page };
    });
    route(app, PROPERTY.otherPropertyDetail, async (request) => {
      await requireVisible(await request.scope(), 'other', request.query.id);
      const row = await findOtherProperty(db.kysely, request.query.id);
      if (!row) throw notFound();
      return toOtherProperty(row, zone);
    });
    route(app, PROPERTY.otherPropertyAdd, async (request) => {
      const scope = await request.scope();
      const added = await inTransaction(db, (tx) => addOtherProperty(tx, scope, request.body));
      request.operationSummary = `新增${kindText('other')} ${added.label} DTU ${added.dtu.dtuType}`;
      return added.id;
    });
    route(app, PROPERTY.otherPropertyEdit, async (request) => {
      const scope = await request.scope();
      const { id, ...fields } = request.body;
      const edited = await inTransaction(db, (tx) => editOtherProperty(tx, scope, id, fields));
      request.operationSummary = `编辑${kindText('other')} ${edited.label} DTU ${edited.dtu.dtuType}`;
      return null;
    });

    // open/stop testing and delete, the same for the three kinds
    const statusCalls = [
      ['serial', PROPERTY.serialPropertyChangeStatus],
      ['auto', PROPERTY.autoPropertyChangeStatus],
      ['other', PROPERTY.otherPropertyChangeStatus],
    ] as const;
    for (const [kind, endpoint] of statusCalls) {
      route(app, endpoint, async (request) => {
        const scope = await request.scope();
        const { id, status } = request.body;
        const changed = await inTransaction(db, (tx) => changePropertyStatus(tx, scope, kind, id, status));
        request.operationSummary = `${status === 1 ? '开启' : '停止'}${kindText(kind)}的检测 ${changed.label} DTU ${changed.dtu.dtuType}`;
        return null;
      });
    }
    const deleteCalls = [
      ['serial', PROPERTY.serialPropertyDelete],
      ['auto', PROPERTY.autoPropertyDelete],
      ['other', PROPERTY.otherPropertyDelete],
    ] as const;
    for (const [kind, endpoint] of deleteCalls) {
      route(app, endpoint, async (request) => {
        const scope = await request.scope();
        const removed = await inTransaction(db, (tx) => deleteProperty(tx, scope, kind, request.body.id));
        request.operationSummary = `删除${kindText(kind)} ${removed.label} DTU ${removed.dtu.dtuType}`;
        return null;
      });
    }
  };
}
