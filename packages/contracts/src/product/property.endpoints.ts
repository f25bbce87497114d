import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import { property, propertyAddBody, propertyEditBody, propertyExportQuery, propertyListQuery } from './property.js';

const tag = '自定义属性';
const MENU = MENUS.productCenter;

/** A product's properties (seed 001 §7); writes need the 设置 button. */
export const PROPERTY_ENDPOINTS = {
  propertyList: endpoint({
    method: 'GET',
    path: '/api/property/list',
    tag,
    summary: '自定义属性列表',
    permission: need(MENU),
    query: propertyListQuery,
    response: pageOf(property),
  }),
  propertyDetail: endpoint({
    method: 'GET',
    path: '/api/property/detail',
    tag,
    summary: '自定义属性详情',
    permission: need(MENU),
    query: idQuery,
    response: property,
  }),
  propertyAdd: endpoint({
    method: 'POST',
    path: '/api/property/add',
    tag,
    summary: '新增自定义属性',
    permission: need(MENU, 'set'),
    body: propertyAddBody,
    /** the new property's id */
    response: z.number().int(),
  }),
  propertyEdit: endpoint({
    method: 'POST',
    path: '/api/property/edit',
    tag,
    summary: '编辑自定义属性',
    permission: need(MENU, 'set'),
    body: propertyEditBody,
    response: z.null(),
  }),
  propertyDelete: endpoint({
    method: 'POST',
    path: '/api/property/delete',
    tag,
    summary: '删除自定义属性',
    permission: need(MENU, 'set'),
    body: idBody,
    response: z.null(),
  }),
  /** A file, not the envelope (`<number>-properties.json`): the console opens it for the browser to save. */
  propertyExportJson: endpoint({
    method: 'GET',
    path: '/api/property/exportJson',
    tag,
    summary: '导出自定义属性JSON',
    permission: need(MENU),
    query: propertyExportQuery,
  }),
} as const;
