import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyFun } from '../permissions.js';
import { idBody, idQuery, statusBody } from './common.js';
import { lineTree, userCreateBody, userDetail, userEditBody, userListQuery, userRow } from './user.js';

const tag = '用户';
const MENU = MENUS.account;

/** Users (accounts) below the signed-in one (seed 000 §6). */
export const USER_ENDPOINTS = {
  /** Needs the user menu: the tree exists for the user form only. */
  userLineTree: endpoint({
    method: 'GET',
    path: '/api/user/lineTree',
    tag,
    summary: '可分配的产线树',
    permission: need(MENU),
    response: lineTree,
  }),
  userList: endpoint({
    method: 'GET',
    path: '/api/user/getList',
    tag,
    summary: '用户列表',
    permission: need(MENU),
    query: userListQuery,
    response: pageOf(userRow),
  }),
  userDetail: endpoint({
    method: 'GET',
    path: '/api/user/detail',
    tag,
    summary: '用户详情',
    permission: need(MENU),
    query: idQuery,
    response: userDetail,
  }),
  userResetPassword: endpoint({
    method: 'POST',
    path: '/api/user/resetPassword',
    tag,
    summary: '重置用户密码',
    permission: need(MENU, 'resetPassword'),
    body: idBody,
    /** the console posts a form (seed 000 §7); JSON is accepted as everywhere */
    encoding: 'form',
    response: z.null(),
  }),
  /**
   * The password new and reset users get (DEFAULT_USER_PASSWORD), for the reset
   * confirmation (seed 000 §6): the server's setting, so the console asks for it.
   */
  userDefaultPassword: endpoint({
    method: 'GET',
    path: '/api/user/defaultPassword',
    tag,
    summary: '默认密码',
    permission: need(MENU, 'resetPassword'),
    response: z.string(),
  }),
  /** Start or stop is checked before the body is read; the server then narrows it to the one the status asks for. */
  userChangeStatus: endpoint({
    method: 'POST',
    path: '/api/user/changeStatus',
    tag,
    summary: '启用或停用用户',
    permission: needAnyFun(MENU, 'start', 'stop'),
    body: statusBody,
    /** the console posts a form (seed 000 §7); JSON is accepted as everywhere */
    encoding: 'form',
    response: z.null(),
  }),
  userDelete: endpoint({
    method: 'POST',
    path: '/api/user/delete',
    tag,
    summary: '删除用户',
    permission: need(MENU, 'delete'),
    body: idBody,
    response: z.null(),
  }),
  userCreate: endpoint({
    method: 'POST',
    path: '/api/user/create',
    tag,
    summary: '新增用户',
    permission: need(MENU, 'add'),
    body: userCreateBody,
    /** the new user's id */
    response: z.number().int(),
  }),
  userEdit: endpoint({
    method: 'POST',
    path: '/api/user/edit',
    tag,
    summary: '编辑用户',
    permission: need(MENU, 'edit'),
    body: userEditBody,
    /** the user's id */
    response: z.number().int(),
  }),
} as const;
