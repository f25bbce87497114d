import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import { firmware, firmwareAddQuery, firmwareEditQuery, firmwareListQuery } from './firmware.js';

const tag = '固件';
const MENU = MENUS.productCenter;

/** A product's firmware (seed 001 §7); writes need the 设置 button. */
export const FIRMWARE_ENDPOINTS = {
  firmwareList: endpoint({
    method: 'GET',
    path: '/api/firmware/list',
    tag,
    summary: '固件列表',
    permission: need(MENU),
    query: firmwareListQuery,
    response: pageOf(firmware),
  }),
  firmwareDetail: endpoint({
    method: 'GET',
    path: '/api/firmware/detail',
    tag,
    summary: '固件详情',
    permission: need(MENU),
    query: idQuery,
    response: firmware,
  }),
  /** The values in the query string, the file in the multipart part `data`. */
  firmwareAdd: endpoint({
    method: 'POST',
    path: '/api/firmware/add',
    tag,
    summary: '新增固件',
    permission: need(MENU, 'set'),
    query: firmwareAddQuery,
    encoding: 'multipart',
    /** the new firmware's id */
    response: z.number().int(),
  }),
  /** The values in the query string; a new file (multipart part `data`) replaces the old one, an empty JSON body keeps it. */
  firmwareEdit: endpoint({
    method: 'POST',
    path: '/api/firmware/edit',
    tag,
    summary: '编辑固件',
    permission: need(MENU, 'set'),
    query: firmwareEditQuery,
    encoding: 'multipart',
    response: z.null(),
  }),
  firmwareUse: endpoint({
    method: 'POST',
    path: '/api/firmware/use',
    tag,
    summary: '开启固件',
    permission: need(MENU, 'set'),
    body: idBody,
    response: z.null(),
  }),
  firmwareStop: endpoint({
    method: 'POST',
    path: '/api/firmware/stop',
    tag,
    summary: '停止固件',
    permission: need(MENU, 'set'),
    body: idBody,
    response: z.null(),
  }),
  firmwareDelete: endpoint({
    method: 'POST',
    path: '/api/firmware/delete',
    tag,
    summary: '删除固件',
    permission: need(MENU, 'set'),
    body: idBody,
    response: z.null(),
  }),
} as const;
