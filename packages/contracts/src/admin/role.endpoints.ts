import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyFun, SIGNED_IN } from '../permissions.js';
import { idBody, idQuery, statusBody } from './common.js';
import { roleAllQuery, roleCreateBody, roleDetail, roleEditBody, roleListQuery, roleOption, roleRow } from './role.js';

const tag = '角色';
const MENU = MENUS.role;

/** Roles owned by the signed-in account and the accounts below it (seed 000 §6). */
export const ROLE_ENDPOINTS = {
  /** Signed-in only: the user form of /account offers these roles, without the role menu. */
  roleAll: endpoint({
    method: 'GET',
    path: '/api/role/all',
    tag,
    summary: '账号可分配的角色',
    permission: SIGNED_IN,
    query: roleAllQuery,
    response: z.array(roleOption),
  }),
  roleList: endpoint({
    method: 'GET',
    path: '/api/role/getList',
    tag,
    summary: '角色列表',
    permission: need(MENU),
    query: roleListQuery,
    response: pageOf(roleRow),
  }),
  roleDetail: endpoint({
    method: 'GET',
    path: '/api/role/detail',
    tag,
    summary: '角色详情',
    permission: need(MENU),
    query: idQuery,
    response: roleDetail,
  }),
  roleCopy: endpoint({
    method: 'POST',
    path: '/api/role/copy',
    tag,
    summary: '复制角色',
    permission: need(MENU, 'copy'),
    body: idBody,
    /** the copy's id */
    response: z.number().int(),
  }),
  /** Start or stop is checked before the body is read; the server then narrows it to the one the status asks for. */
  roleChangeStatus: endpoint({
    method: 'POST',
    path: '/api/role/changeStatus',
    tag,
    summary: '启用或停用角色',
    permission: needAnyFun(MENU, 'start', 'stop'),
    body: statusBody,
    /** the console posts a form (seed 000 §7); JSON is accepted as everywhere */
    encoding: 'form',
    response: z.null(),
  }),
  roleDelete: endpoint({
    method: 'POST',
    path: '/api/role/delete',
    tag,
    summary: '删除角色',
    permission: need(MENU, 'delete'),
    body: idBody,
    response: z.null(),
  }),
  roleCreate: endpoint({
    method: 'POST',
    path: '/api/role/create',
    tag,
    summary: '新增角色',
    permission: need(MENU, 'add'),
    body: roleCreateBody,
    /** the new role's id */
    response: z.number().int(),
  }),
  roleEdit: endpoint({
    method: 'POST',
    path: '/api/role/edit',
    tag,
    summary: '编辑角色',
    permission: need(MENU, 'edit'),
    body: roleEditBody,
    /** the role's id */
    response: z.number().int(),
  }),
} as const;
