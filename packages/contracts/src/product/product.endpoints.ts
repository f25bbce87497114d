import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyOf, SIGNED_IN } from '../permissions.js';
import { lookupItem, product, productCreateBody, productEditBody, productPage, productQuery, productSamplingEditBody } from './product.js';

const tag = '产品';
const MENU = MENUS.productCenter;

/** A seeded lookup list (issue 4): GET without parameters, a list of {id, name}. */
const lookup = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    tag,
    summary,
    // The task form reads the lookups too, so any signed-in user may list them.
    permission: SIGNED_IN,
    response: z.array(lookupItem),
  });

/** Products and their lookup lists (seed 001 §7). */
export const PRODUCT_ENDPOINTS = {
  productTypes: lookup('/api/product/getProductTypes', '产品类型列表'),
  communicationTypes: lookup('/api/product/getCommunicationTypes', '通信方式列表'),
  dataFormats: lookup('/api/product/getDataFormats', '数据格式列表'),
  dataTypes: lookup('/api/product/getDataTypes', '数据类型列表'),
  units: lookup('/api/product/getUnits', '单位列表'),
  // The production center picks a product for a task from the same list.
  productQuery: endpoint({
    method: 'GET',
    path: '/api/product/queryProduct',
    tag,
    summary: '产品列表',
    permission: needAnyOf(MENU, MENUS.productionCenter),
    query: productQuery,
    response: productPage,
  }),
  productDetail: endpoint({
    method: 'GET',
    path: '/api/product/detail',
    tag,
    summary: '产品详情',
    permission: need(MENU),
    query: idQuery,
    response: product,
  }),
  productCreate: endpoint({
    method: 'POST',
    path: '/api/product/create',
    tag,
    summary: '新增产品',
    permission: need(MENU, 'add'),
    body: productCreateBody,
    /** the new product's id, a bare number */
    response: z.number().int(),
  }),
  productEdit: endpoint({
    method: 'POST',
    path: '/api/product/edit',
    tag,
    summary: '编辑产品',
    permission: need(MENU, 'set'),
    body: productEditBody,
    response: z.null(),
  }),
  // The quality settings alone: a published or producing product cannot be edited,
  // yet its AQL may need tightening while it is made (issue 15).
  productSamplingEdit: endpoint({
    method: 'POST',
    path: '/api/product/editSampling',
    tag,
    summary: '修改抽检设置',
    permission: need(MENU, 'set'),
    body: productSamplingEditBody,
    response: z.null(),
  }),
  productPublish: endpoint({
    method: 'POST',
    path: '/api/product/publish',
    tag,
    summary: '发布产品',
    permission: need(MENU, 'push'),
    body: idBody,
    response: z.null(),
  }),
  productRevoke: endpoint({
    method: 'POST',
    path: '/api/product/revoke',
    tag,
    summary: '撤回产品',
    permission: need(MENU, 'back'),
    body: idBody,
    response: z.null(),
  }),
  productCopy: endpoint({
    method: 'POST',
    path: '/api/product/copy',
    tag,
    summary: '复制产品',
    permission: need(MENU, 'copy'),
    body: idBody,
    /** the copy's id */
    response: z.number().int(),
  }),
  productDelete: endpoint({
    method: 'POST',
    path: '/api/product/delete',
    tag,
    summary: '删除产品',
    permission: need(MENU, 'delete'),
    body: idBody,
    response: z.null(),
  }),
} as const;
