import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyFun, needAnyOf } from '../permissions.js';
import { communicationListQuery, communicationModule, moduleDtuListQuery } from './communication-module.js';
import { dtu, dtuAddBody, dtuEditBody, dtuListQuery } from './dtu.js';
import {
  autoProperty,
  autoPropertyAddBody,
  autoPropertyEditBody,
  catalogueOption,
  catalogueQuery,
  codeName,
  communicationTypeOption,
  dtuPropertyListQuery,
  dtuPropertyStatusBody,
  otherProperty,
  otherPropertyAddBody,
  otherPropertyEditBody,
  serialProperty,
  serialPropertyAddBody,
  serialPropertyEditBody,
} from './dtu-property.js';
import { fitting, fittingListQuery } from './part.js';

const PARTS = MENUS.parts;
const MODULES = MENUS.communication;

/**
 * 配件管理 (seed 002 §7 "Parts and DTUs"): the card grid's buttons guard its calls;
 * the part's DTU pages (partsDetail, partsPotion) need the menu (DESIGN.md §4).
 * Posts travel form-encoded but for the DTU's JSON and the part's multipart form.
 */
export const FITTING_ENDPOINTS = {
  fittingList: endpoint({
    method: 'GET',
    path: '/api/fitting/list',
    tag: '配件',
    summary: '配件列表',
    permission: need(PARTS),
    query: fittingListQuery,
    response: pageOf(fitting),
  }),
  /** the edit dialog reads it too */
  fittingDetail: endpoint({
    method: 'GET',
    path: '/api/fitting/detail',
    tag: '配件',
    summary: '配件详情',
    permission: needAnyFun(PARTS, 'detail', 'edit'),
    query: idQuery,
    response: fitting,
  }),
  /** fittingType and partDesc as form fields, the image in the part `image` (required) */
  fittingAdd: endpoint({
    method: 'POST',
    path: '/api/fitting/add',
    tag: '配件',
    summary: '新增配件',
    permission: need(PARTS, 'add'),
    encoding: 'multipart',
    /** the new part's id */
    response: z.number().int(),
  }),
  /** id, fittingType and partDesc as form fields; an image in the part `image` replaces the current one */
  fittingEdit: endpoint({
    method: 'POST',
    path: '/api/fitting/edit',
    tag: '配件',
    summary: '编辑配件',
    permission: need(PARTS, 'edit'),
    encoding: 'multipart',
    response: z.null(),
  }),
  fittingDelete: endpoint({
    method: 'POST',
    path: '/api/fitting/delete',
    tag: '配件',
    summary: '删除配件',
    permission: need(PARTS, 'delete'),
    body: idBody,
    encoding: 'form',
    response: z.null(),
  }),
} as const;

/** The DTU models of a part (partsDetail, partsPotion). */
export const DTU_ENDPOINTS = {
  dtuCommunicationTypes: endpoint({
    method: 'GET',
    path: '/api/dtu/communicationTypes',
    tag: 'DTU',
    summary: 'DTU通信方式',
    permission: needAnyOf(PARTS, MODULES),
    response: z.array(communicationTypeOption),
  }),
  dtuList: endpoint({
    method: 'GET',
    path: '/api/dtu/list',
    tag: 'DTU',
    summary: '配件的DTU列表',
    permission: need(PARTS),
    query: dtuListQuery,
    response: pageOf(dtu),
  }),
  /** a DTU of a part or of a module (the task pages of either read it) */
  dtuDetail: endpoint({
    method: 'GET',
    path: '/api/dtu/detail',
    tag: 'DTU',
    summary: 'DTU详情',
    permission: needAnyOf(PARTS, MODULES),
    query: idQuery,
    response: dtu,
  }),
  dtuAdd: endpoint({
    method: 'POST',
    path: '/api/dtu/add',
    tag: 'DTU',
    summary: '新增DTU',
    permission: need(PARTS),
    body: dtuAddBody,
    /** the new DTU's id (the console goes on to its properties) */
    response: z.number().int(),
  }),
  dtuEdit: endpoint({
    method: 'POST',
    path: '/api/dtu/edit',
    tag: 'DTU',
    summary: '编辑DTU',
    permission: need(PARTS),
    body: dtuEditBody,
    response: z.null(),
  }),
  /** archives: the DTU leaves every list and takes no task; its history stays */
  dtuDelete: endpoint({
    method: 'POST',
    path: '/api/dtu/delete',
    tag: 'DTU',
    summary: '归档DTU',
    permission: need(PARTS),
    body: idBody,
    encoding: 'form',
    response: z.null(),
  }),
} as const;

/** The catalogues a DTU's properties are chosen from (DESIGN.md §9.2). */
export const DTU_CATALOGUE_ENDPOINTS = {
  dtuSerialTypes: endpoint({
    method: 'GET',
    path: '/api/dtuProperty/serialTypes',
    tag: 'DTU检测属性',
    summary: '串口检测属性目录',
    permission: need(PARTS),
    query: catalogueQuery,
    response: z.array(catalogueOption),
  }),
  dtuAutoTypes: endpoint({
    method: 'GET',
    path: '/api/dtuProperty/autoTypes',
    tag: 'DTU检测属性',
    summary: '自动检测属性目录',
    permission: need(PARTS),
    query: catalogueQuery,
    response: z.array(catalogueOption),
  }),
  dtuDataTypes: endpoint({
    method: 'GET',
    path: '/api/dtuProperty/dataTypes',
    tag: 'DTU检测属性',
    summary: '自动检测属性的数据类型',
    permission: need(PARTS),
    response: z.array(codeName),
  }),
} as const;

/** The six calls of one kind of test property, at `/api/<kind>Property/…`. */
function propertyCalls<
  Base extends string,
  Row extends z.ZodType,
  Add extends z.ZodType,
  Edit extends z.ZodType,
>(base: Base, label: string, row: Row, add: Add, edit: Edit) {
  const tag = 'DTU检测属性';
  const permission = need(PARTS);
  return {
    list: endpoint({ method: 'GET', path: `${base}/list` as const, tag, summary: `${label}检测属性列表`, permission, query: dtuPropertyListQuery, response: pageOf(row) }),
    detail: endpoint({ method: 'GET', path: `${base}/detail` as const, tag, summary: `${label}检测属性详情`, permission, query: idQuery, response: row }),
    add: endpoint({ method: 'POST', path: `${base}/add` as const, tag, summary: `新增${label}检测属性`, permission, body: add, encoding: 'form', response: z.number().int() }),
    edit: endpoint({ method: 'POST', path: `${base}/edit` as const, tag, summary: `编辑${label}检测属性`, permission, body: edit, encoding: 'form', response: z.null() }),
    changeStatus: endpoint({ method: 'POST', path: `${base}/changeStatus` as const, tag, summary: `开启或停止${label}检测属性的检测`, permission, body: dtuPropertyStatusBody, encoding: 'form', response: z.null() }),
    delete: endpoint({ method: 'POST', path: `${base}/delete` as const, tag, summary: `删除${label}检测属性`, permission, body: idBody, encoding: 'form', response: z.null() }),
  };
}

const SERIAL = propertyCalls('/api/serialProperty', '串口', serialProperty, serialPropertyAddBody, serialPropertyEditBody);
const AUTO = propertyCalls('/api/autoProperty', '自动', autoProperty, autoPropertyAddBody, autoPropertyEditBody);
const OTHER = propertyCalls('/api/otherProperty', '其他', otherProperty, otherPropertyAddBody, otherPropertyEditBody);

/** Serial, automatic and other test properties of a DTU (partsPotion). */
export const DTU_PROPERTY_ENDPOINTS = {
  serialPropertyList: SERIAL.list,
  serialPropertyDetail: SERIAL.detail,
  serialPropertyAdd: SERIAL.add,
  serialPropertyEdit: SERIAL.edit,
  serialPropertyChangeStatus: SERIAL.changeStatus,
  serialPropertyDelete: SERIAL.delete,
  autoPropertyList: AUTO.list,
  autoPropertyDetail: AUTO.detail,
  autoPropertyAdd: AUTO.add,
  autoPropertyEdit: AUTO.edit,
  autoPropertyChangeStatus: AUTO.changeStatus,
  autoPropertyDelete: AUTO.delete,
  otherPropertyList: OTHER.list,
  otherPropertyDetail: OTHER.detail,
  otherPropertyAdd: OTHER.add,
  otherPropertyEdit: OTHER.edit,
  otherPropertyChangeStatus: OTHER.changeStatus,
  otherPropertyDelete: OTHER.delete,
} as const;

/** 通信模块 and the DTUs under each module (seed 002 §7). */
export const COMMUNICATION_ENDPOINTS = {
  communicationList: endpoint({
    method: 'GET',
    path: '/api/communication/list',
    tag: '通信模块',
    summary: '通信模块列表',
    permission: need(MODULES),
    query: communicationListQuery,
    response: pageOf(communicationModule),
  }),
  communicationDetail: endpoint({
    method: 'GET',
    path: '/api/communication/detail',
    tag: '通信模块',
    summary: '通信模块详情',
    permission: needAnyFun(MODULES, 'detail', 'edit'),
    query: idQuery,
    response: communicationModule,
  }),
  /** the JSON part `communicationPartParam` and an optional image `modelImage` */
  communicationAdd: endpoint({
    method: 'POST',
    path: '/api/communication/add',
    tag: '通信模块',
    summary: '新增通信模块',
    permission: need(MODULES, 'add'),
    encoding: 'multipart',
    response: z.number().int(),
  }),
  communicationEdit: endpoint({
    method: 'POST',
    path: '/api/communication/edit',
    tag: '通信模块',
    summary: '编辑通信模块',
    permission: need(MODULES, 'edit'),
    encoding: 'multipart',
    response: z.null(),
  }),
  communicationDelete: endpoint({
    method: 'POST',
    path: '/api/communication/delete',
    tag: '通信模块',
    summary: '删除通信模块',
    permission: need(MODULES, 'delete'),
    body: idBody,
    encoding: 'form',
    response: z.null(),
  }),
  communicationDtuList: endpoint({
    method: 'GET',
    path: '/api/communication/dtuList',
    tag: '通信模块',
    summary: '通信模块的DTU列表',
    permission: need(MODULES),
    query: moduleDtuListQuery,
    response: pageOf(dtu),
  }),
  communicationDtuDetail: endpoint({
    method: 'GET',
    path: '/api/communication/dtuDetail',
    tag: '通信模块',
    summary: '通信模块的DTU详情',
    permission: need(MODULES),
    query: idQuery,
    response: dtu,
  }),
  /** communicationPartId and dtuType as form fields; `bomListFile`, `productFile`, `otherRequestFile` required */
  communicationDtuAdd: endpoint({
    method: 'POST',
    path: '/api/communication/dtuAdd',
    tag: '通信模块',
    summary: '新增通信模块的DTU',
    permission: need(MODULES),
    encoding: 'multipart',
    response: z.number().int(),
  }),
  /** id and dtuType as form fields; a file sent replaces the one kept */
  communicationDtuEdit: endpoint({
    method: 'POST',
    path: '/api/communication/dtuEdit',
    tag: '通信模块',
    summary: '编辑通信模块的DTU',
    permission: need(MODULES),
    encoding: 'multipart',
    response: z.null(),
  }),
  communicationDtuDelete: endpoint({
    method: 'POST',
    path: '/api/communication/dtuDelete',
    tag: '通信模块',
    summary: '归档通信模块的DTU',
    permission: need(MODULES),
    body: idBody,
    encoding: 'form',
    response: z.null(),
  }),
} as const;
