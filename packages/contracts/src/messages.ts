import { GENERIC_MESSAGES, INPUT_MESSAGES } from './messages/common.js';
import { DOCUMENT_MESSAGES } from './messages/documents.js';
import { FIRMWARE_MESSAGES } from './messages/firmware.js';
import { FLOW_FORM_MESSAGES } from './messages/flows.js';
import { LINE_MESSAGES } from './messages/lines.js';
import { PRODUCT_MESSAGES } from './messages/products.js';
import { PROPERTY_MESSAGES } from './messages/properties.js';
import { ROLE_MESSAGES } from './messages/roles.js';
import { PASSWORD_MESSAGES, SHELL_MESSAGES, SIGN_IN_MESSAGES } from './messages/session.js';
import { TERMINAL_MESSAGES } from './messages/terminals.js';
import { USER_MESSAGES } from './messages/users.js';

/**
 * Every user-facing text that both the server and the console show, written once.
 * The specifications fix most of them; the rest (server-side refusals the
 * specifications leave open) are ours and listed in docs/api.md.
 */
export const MSG = {
  ...GENERIC_MESSAGES,
  ...SIGN_IN_MESSAGES,
  ...PASSWORD_MESSAGES,
  ...SHELL_MESSAGES,
  ...LINE_MESSAGES,
  ...TERMINAL_MESSAGES,
  ...USER_MESSAGES,
  ...ROLE_MESSAGES,
  ...INPUT_MESSAGES,
  ...DOCUMENT_MESSAGES,
  ...PRODUCT_MESSAGES,
  ...PROPERTY_MESSAGES,
  ...FLOW_FORM_MESSAGES,
  ...FIRMWARE_MESSAGES,
} as const;

export { FLOW_MSG } from './messages/flows.js';

/** A free text longer than its column (a rule of ours: the specifications leave it open). */
export const textTooLong = (max: number) => `输入内容不能超过${max}个字符`;
