import { type FunCode, type FunOf, MENUS, type MenuUrl } from '@factory/contracts';
import type { ComponentType } from 'react';
import type { PageHandle } from '../lib/page-handle';

/**
 * The buttons of the page's menu that lead to it (holding any one will do). A page
 * that creates without ?id and edits with one (step 1 of the task form) names them apart,
 * so /basicInfo is not a usable create form to a role without 新增.
 */
export type PageButtons = readonly FunCode[] | { create: readonly FunCode[]; edit: readonly FunCode[] };

/**
 * The one list of the console's pages (seed 000 §2 plus the product and accessory
 * specifications). The router, the layout's flags, the active-menu highlight and the
 * guard (its public list, each page's menu and opening buttons) are all read from here.
 * Every page is a dynamic import, so each route is its own chunk and the login page
 * loads none of the others.
 */
export interface RouteEntry extends PageHandle {
  /** inside the shared layout (header, menu, footer) */
  layout: boolean;
  /** without a session only these paths open; everything else goes to /login */
  public?: boolean;
  /** pages reached by an action button need that button as well as the menu (the guard checks both) */
  buttons?: PageButtons;
  /**
   * other menus that open the page too (the DTU task pages are reached from a part's DTU
   * under 配件管理 and from a module's DTU under 通信模块, and their calls take either)
   */
  orMenus?: readonly MenuUrl[];
  page: () => Promise<ComponentType>;
}

// Pages owned by later issues share one placeholder until they are built.
const placeholder = () => import('../features/shell/pages/placeholder-page').then((m) => m.PlaceholderPage);
const login = () => import('../features/session/pages/login-page').then((m) => m.LoginPage);
const platformLogin = () =>
  import('../features/session/pages/platform-login-page').then((m) => m.PlatformLoginPage);
const notFound = () => import('../features/shell/pages/not-found-page').then((m) => m.NotFoundPage);

/** The opening buttons of a page of `U`: only buttons that menu has (a wrong one fails to compile). */
type ButtonsOf<U extends MenuUrl> = readonly FunOf<U>[] | { create: readonly FunOf<U>[]; edit: readonly FunOf<U>[] };
type LayoutFlags<U extends MenuUrl> = Partial<Pick<RouteEntry, 'hideHeader' | 'hideFooter' | 'fullscreenToggle' | 'noMask' | 'orMenus'>> & {
  buttons?: ButtonsOf<U>;
};

const inLayout = <U extends MenuUrl>(
  path: string,
  title: string,
  menuUrl: U | null,
  flags: LayoutFlags<U> = {},
  page: RouteEntry['page'] = placeholder,
): RouteEntry => ({ path, title, menuUrl, layout: true, ...flags, page });

const board = { hideHeader: true, hideFooter: true } as const;
/** The DTU task pages open from a part's DTU (配件管理) and from a module's DTU (通信模块). */
const DTU_TASK_PAGE = { orMenus: [MENUS.communication] } as const;
const PRODUCT_SETUP: readonly FunOf<typeof MENUS.productCenter>[] = ['add', 'set'];

export const NOT_FOUND_PATH = '/notFound';
export const LOGIN_PATH = '/login';

export const ROUTES: readonly RouteEntry[] = [
  // outside the layout
  { path: LOGIN_PATH, title: '登录', menuUrl: null, layout: false, public: true, page: login },
  { path: '/platformLogin', title: '进入平台', menuUrl: null, layout: false, public: true, page: platformLogin },
  { path: '/print', title: '打印生产码', menuUrl: MENUS.productionCenter, layout: false, noMask: true, buttons: ['exportProCode'], page: () =>
    import('../features/tasks/pages/print-page').then((m) => m.PrintPage) },

  // production-line tasks, records and boards (seed 000)
  inLayout('/dataCenter', '数据中心', MENUS.dataCenter, { hideFooter: true, fullscreenToggle: true }, () =>
    import('../features/data-center/pages/data-center-page').then((m) => m.DataCenterPage),
  ),
  inLayout('/productionCenter', '产线检测', MENUS.productionCenter, { noMask: true }, () =>
    import('../features/tasks/pages/production-center-page').then((m) => m.ProductionCenterPage),
  ),
  inLayout('/productionLog', '生产记录', MENUS.productionCenter, {}, () =>
    import('../features/records/pages/production-log-page').then((m) => m.ProductionLogPage),
  ),
  inLayout('/productionLogDetail', '生产记录详情', MENUS.productionCenter, {}, () =>
    import('../features/records/pages/production-log-detail-page').then((m) => m.ProductionLogDetailPage),
  ),
  inLayout('/productionFlowDetail', '流程检测详情', MENUS.productionCenter, {}, () =>
    import('../features/records/pages/production-flow-detail-page').then((m) => m.ProductionFlowDetailPage),
  ),
  inLayout('/productionFlowTestLog', '流程检测历史', MENUS.productionCenter, {}, () =>
    import('../features/records/pages/production-flow-test-log-page').then((m) => m.ProductionFlowTestLogPage),
  ),
  // beyond the specification: a device's whole history, from the header's search box
  inLayout('/deviceTrace', '设备追溯', MENUS.productionCenter, {}, () =>
    import('../features/trace/pages/device-trace-page').then((m) => m.DeviceTracePage),
  ),
  inLayout('/productionTaskDetail', '任务详情', MENUS.productionCenter, { buttons: ['detail'] }, () =>
    import('../features/tasks/pages/task-detail-page').then((m) => m.TaskDetailPage),
  ),
  inLayout('/basicInfo', '新建任务', MENUS.productionCenter, { buttons: { create: ['add'], edit: ['edit'] } }, () =>
    import('../features/task-form/pages/basic-info-page').then((m) => m.BasicInfoPage),
  ),
  // step 2 follows step 1 of both creating and editing, and 编辑 of a stopped task opens it directly
  inLayout('/flowInfo', '终端设置', MENUS.productionCenter, { buttons: ['add', 'edit'] }, () =>
    import('../features/task-form/pages/flow-info-page').then((m) => m.FlowInfoPage),
  ),
  inLayout('/dataWatch', '数据看板', MENUS.productionCenter, { ...board, buttons: ['dataWatch'] }, () =>
    import('../features/data-watch/pages/data-watch-page').then((m) => m.DataWatchPage),
  ),

  // platform administration and documents (seed 000)
  inLayout('/productionLine', '产线管理', MENUS.productionLine, {}, () =>
    import('../features/lines/pages/production-line-page').then((m) => m.ProductionLinePage),
  ),
  inLayout('/terminalManage', '终端管理', MENUS.terminalManage, {}, () =>
    import('../features/terminals/pages/terminal-manage-page').then((m) => m.TerminalManagePage),
  ),
  inLayout('/terminalDetail', '终端详情', MENUS.terminalManage, {}, () =>
    import('../features/terminals/pages/terminal-detail-page').then((m) => m.TerminalDetailPage),
  ),
  inLayout('/account', '用户列表', MENUS.account, {}, () =>
    import('../features/accounts/pages/account-page').then((m) => m.AccountPage),
  ),
  inLayout('/role', '角色列表', MENUS.role, {}, () =>
    import('../features/roles/pages/role-page').then((m) => m.RolePage),
  ),
  inLayout('/menu', '菜单列表', MENUS.menu, {}, () =>
    import('../features/menus/pages/menu-page').then((m) => m.MenuPage),
  ),
  inLayout('/operationLog', '操作日志', MENUS.operationLog, {}, () =>
    import('../features/operation-log/pages/operation-log-page').then((m) => m.OperationLogPage),
  ),
  inLayout('/userDoc', '用户文档', MENUS.userDoc, {}, () =>
    import('../features/documents/pages/document-page').then((m) => m.UserDocPage),
  ),
  inLayout('/devDoc', '开发文档', MENUS.devDoc, {}, () =>
    import('../features/documents/pages/document-page').then((m) => m.DevDocPage),
  ),
  inLayout('/serveDoc', '服务文档', MENUS.serveDoc, {}, () =>
    import('../features/documents/pages/document-page').then((m) => m.ServeDocPage),
  ),

  // product definition (seed 001)
  inLayout('/productCenter', '产品中心', MENUS.productCenter, {}, () =>
    import('../features/products/pages/product-center-page').then((m) => m.ProductCenterPage),
  ),
  inLayout('/productDetail', '产品详情', MENUS.productCenter, { buttons: ['detail'] }, () =>
    import('../features/products/pages/product-detail-page').then((m) => m.ProductDetailPage),
  ),
  // The setup steps open from 设置, and right after 新增 (read-only there without 设置).
  inLayout('/productPotion', '属性定义', MENUS.productCenter, { buttons: PRODUCT_SETUP }, () =>
    import('../features/products/setup/pages/product-potion-page').then((m) => m.ProductPotionPage),
  ),
  inLayout('/productFlow', '流程设置', MENUS.productCenter, { buttons: PRODUCT_SETUP }, () =>
    import('../features/products/setup/pages/product-flow-page').then((m) => m.ProductFlowPage),
  ),
  inLayout('/productPush', '产品发布', MENUS.productCenter, { buttons: PRODUCT_SETUP }, () =>
    import('../features/products/pages/product-push-page').then((m) => m.ProductPushPage),
  ),

  // accessory testing (seed 002)
  inLayout('/stockOut', '出库记录', MENUS.stockOut, {}, () =>
    import('../features/stock/pages/stock-out-page').then((m) => m.StockOutPage),
  ),
  inLayout('/spotCheck', '抽检管理', MENUS.spotCheck, {}, () =>
    import('../features/stock/pages/spot-check-page').then((m) => m.SpotCheckPage),
  ),
  inLayout('/spotCheckDevice', '抽检设备', MENUS.spotCheck, {}, () =>
    import('../features/stock/pages/spot-check-device-page').then((m) => m.SpotCheckDevicePage),
  ),
  inLayout('/spotCheckDeviceDetail', '抽检设备详情', MENUS.spotCheck, {}, () =>
    import('../features/stock/pages/spot-check-device-detail-page').then((m) => m.SpotCheckDeviceDetailPage),
  ),
  inLayout('/parts', '配件管理', MENUS.parts, {}, () =>
    import('../features/parts/pages/parts-page').then((m) => m.PartsPage),
  ),
  inLayout('/partsDetail', '配件详情', MENUS.parts, {}, () =>
    import('../features/parts/pages/parts-detail-page').then((m) => m.PartsDetailPage),
  ),
  inLayout('/partsPotion', 'DTU属性设置', MENUS.parts, {}, () =>
    import('../features/parts/potion/pages/parts-potion-page').then((m) => m.PartsPotionPage),
  ),
  inLayout('/communication', '通信模块', MENUS.communication, {}, () =>
    import('../features/communication/pages/communication-page').then((m) => m.CommunicationPage),
  ),
  inLayout('/communicationDetail', '通信模块详情', MENUS.communication, {}, () =>
    import('../features/communication/pages/communication-detail-page').then((m) => m.CommunicationDetailPage),
  ),
  inLayout('/dtuTask', 'DTU任务', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-tasks/pages/dtu-task-page').then((m) => m.DtuTaskPage),
  ),
  inLayout('/dtuTaskDataWatch', 'DTU生产看板', MENUS.parts, { ...board, ...DTU_TASK_PAGE }, () =>
    import('../features/dtu-watch/pages/dtu-task-data-watch-page').then((m) => m.DtuTaskDataWatchPage),
  ),
  inLayout('/dtuTaskWatch', '任务进度', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-watch/pages/dtu-task-watch-page').then((m) => m.DtuTaskWatchPage),
  ),
  inLayout('/dtuTaskWatchDetail', '设备检测详情', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-watch/pages/dtu-task-watch-detail-page').then((m) => m.DtuTaskWatchDetailPage),
  ),
  inLayout('/rework', '返工模式', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-tasks/pages/rework-page').then((m) => m.ReworkPage),
  ),
  inLayout('/checkTask', '抽检任务', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-submission/pages/check-task-page').then((m) => m.CheckTaskPage),
  ),
  inLayout('/checkLog', '检测日志', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-watch/pages/check-log-page').then((m) => m.CheckLogPage),
  ),
  inLayout('/submitRecord', '提交记录', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-submission/pages/submit-record-page').then((m) => m.SubmitRecordPage),
  ),
  inLayout('/submitRecordDetail', '提交记录详情', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-submission/pages/submit-record-detail-page').then((m) => m.SubmitRecordDetailPage),
  ),
  inLayout('/checkReport', '检验报告', MENUS.parts, DTU_TASK_PAGE, () =>
    import('../features/dtu-submission/pages/check-report-page').then((m) => m.CheckReportPage),
  ),

  // not found: /notFound opens without a session too; any unknown path needs one (guard)
  { ...inLayout(NOT_FOUND_PATH, '找不到页面', null, {}, notFound), public: true },
  inLayout('*', '找不到页面', null, {}, notFound),
];

/** Paths that open without a session (seed 000 §5). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((route) => route.public).map((route) => route.path),
);
