// Test data of the task progress pages, the DTU board and the check log (imported by their *.test.tsx only).
import { type CheckLogItem, type Dtu, type DtuTask, type DtuTestDetail, type DtuTestRecord, PATHS } from '@factory/contracts';

/** A networked THREE_2_ONE DTU of part 5 (units told apart by IMEI). */
export function dtuOf(fields: Partial<Dtu> = {}): Dtu {
  return {
    id: 9,
    fittingId: 5,
    fittingType: 1,
    communicationPartId: null,
    dtuType: 'HR-DTU01',
    modelType: 'EC200U_CN',
    productCompany: '移远通信',
    standardVoltage: '12',
    bandRate: 115200,
    connectInternet: true,
    communicationType: 'THREE_2_ONE',
    communicationTypeDesc: '海容三合一',
    testFirmwareVersion: '1.0.0',
    testFirmwareUrl: `${PATHS.file}/fw9`,
    testFirmwareFileName: 'dtu-fw.bin',
    productFileUrl: `${PATHS.file}/pf9`,
    productFileOriginName: '生产文件.pdf',
    bomListFileUrl: `${PATHS.file}/bom9`,
    bomListOriginName: 'BOM.xlsx',
    otherRequestFileUrl: null,
    otherRequestFileOriginName: null,
    frontImageUrl: `${PATHS.file}/front9`,
    backImageUrl: `${PATHS.file}/back9`,
    status: 1,
    createTime: '2026-03-01 09:00:00',
    ...fields,
  };
}

/** Task 31 of that DTU, in production: 120 of 1000 passed, 130 tested, data delivery on. */
export function taskOf(fields: Partial<DtuTask> = {}): DtuTask {
  const detail = fields.detail ?? dtuOf();
  return {
    id: 31,
    dtuId: detail.id,
    fittingType: '三月批次',
    reworkTask: false,
    productLineId: 2,
    productionLineName: '配件一线',
    aimProductLineId: 3,
    aimProductLineName: '总装二线',
    testFirmwareVersion: '1.2.0',
    testFirmwareDownloadUrl: `${PATHS.file}/fw9`,
    testFirmwareOriginName: 'dtu-fw.bin',
    pads: [
      { id: 11, name: 'PAD-01', code: 'P01' },
      { id: 12, name: 'PAD-02', code: 'P02' },
    ],
    serialPads: [],
    finishNumber: 120,
    testedNumber: 130,
    productionNumber: 1000,
    expireTime: '2026-03-31 23:59:59',
    status: 'START',
    duplicateEnable: false,
    needExcel: true,
    excelOriginName: 'major-minor.xlsx',
    excelRowCount: 1000,
    excelUsedCount: 130,
    canCheck: true,
    canEditFirmware: true,
    communicationType: detail.communicationType,
    bandRate: detail.bandRate,
    createTime: '2026-03-01 10:00:00',
    startTime: '2026-03-02 08:00:00',
    finishTime: null,
    creatorName: 'admin',
    detail,
    ...fields,
  };
}

export function recordOf(fields: Partial<DtuTestRecord> & Pick<DtuTestRecord, 'id'>): DtuTestRecord {
  return {
    taskId: 31,
    imei: `86000000000000${fields.id}`,
    mac: '',
    startTime: '2026-03-02 09:00:00',
    checkTime: '2026-03-02 09:01:05',
    productTime: 65,
    testStatus: 'PASS',
    manageStatus: 'UNSUBMIT',
    uname: 'tester_wang',
    terminalName: 'PAD-01',
    taskFittingType: '三月批次',
    batchTime: null,
    serverVerified: true,
    failures: [],
    ...fields,
  };
}

/** A unit that failed its CSQ and reset key, with a duplicate ICCID and its major/minor. */
export function detailOf(fields: Partial<DtuTestDetail> = {}): DtuTestDetail {
  return {
    record: recordOf({ id: 2, testStatus: 'NOT_PASS', failures: ['信号强度', '复位按键'], mac: 'AA:BB:CC:00:00:02' }),
    basePropList: [
      { propName: '固件版本', code: 'VERSION', reportVal: '1.2.0' },
      { propName: 'ICCID', code: 'ICCID', reportVal: '89860000000000000002' },
    ],
    buttonPropList: [
      { propName: '电源指示灯', checkCmd: '上电后电源指示灯常亮', checkResult: true },
      { propName: '复位按键', checkCmd: '按下复位键，设备重启后指示灯重新闪烁', checkResult: false },
    ],
    serialPropList: [],
    autoPropList: [
      {
        reportValue: '12',
        checkResult: false,
        duplicate: false,
        autoPropEntity: { name: '信号强度', code: 'CSQ', description: '', standard: '15 ~ 31' },
      },
      {
        reportValue: '89860000000000000002',
        checkResult: true,
        duplicate: true,
        autoPropEntity: { name: 'SIM卡号', code: 'ICCID', description: '', standard: '唯一' },
      },
    ],
    majorMinor: { major: 100, minor: 7 },
    ...fields,
  };
}

export function logItemOf(fields: Partial<CheckLogItem> & Pick<CheckLogItem, 'id'>): CheckLogItem {
  return {
    imei: '860000000000001',
    startTime: '2026-03-02 09:00:00',
    source: 'MQTT',
    content: '{"CSQ":21,"VERSION":"1.2.0"}',
    taskId: 31,
    ...fields,
  };
}
