import type { InspectionLevel } from '@factory/contracts';

/*
 * DTU testing in the demo factory (issue 17, DESIGN.md §9.3, §9.4): a parts-check line
 * with PADs in 配件检测 mode, a role and users for them, and three tasks of the seeded
 * DTU models (accessory-plan.ts): a production task of the cellular model delivering
 * major/minor from an Excel, one of the bluetooth model with a serial terminal, and a
 * rework task retesting the cellular units that failed.
 */

export const DTU_TESTER_ROLE = '配件检测员';

export interface TerminalPlan {
  code: string;
  name: string;
}

/** A simulated test bench: the PAD that scans and submits, and for a bluetooth DTU the serial terminal beside it. */
export interface DtuBenchPlan {
  pad: TerminalPlan;
  serial?: TerminalPlan;
}

export interface DtuTaskPlan {
  /** the DTU model (型号) of the seeded catalogue */
  dtuType: string;
  /** 任务名称; for a rework task the 配件型号 (Chinese, letters and digits, at most 18) */
  fittingType: string;
  reworkTask: boolean;
  productionNumber: number;
  duplicateEnable: boolean;
  /** rows of the major/minor Excel the task delivers (THREE_2_ONE only); 0 delivers nothing */
  excelRows: number;
  expireDays: number;
  benches: DtuBenchPlan[];
  /** PADs of the task no simulated bench uses, for a person with the station app */
  manualPads?: TerminalPlan[];
}

export interface DtuTestingPlan {
  line: { lineName: string; lineNum: string };
  /** the tasks' target line (目标客户): a line of the factory by its code, the parts line when it has none */
  aimLineNum: string;
  /** bench users are `<userPrefix>01` …, one per bench (it signs in at the bench's serial terminal too) */
  userPrefix: string;
  password: string;
  /** the user of the manual PADs */
  manualUser?: { name: string; password: string };
  tasks: DtuTaskPlan[];
}

/** The demo's DTU testing: two benches on the cellular task, one with a serial terminal on the bluetooth task, one reworking. */
export const DEMO_DTU_TESTING: DtuTestingPlan = {
  line: { lineName: '配件检测线', lineNum: 'PJ_01' },
  aimLineNum: 'ZZ_01',
  userPrefix: 'pj',
  password: 'Station123',
  manualUser: { name: 'peijian', password: 'Station123' },
  tasks: [
    {
      dtuType: 'HR4GDTU01',
      fittingType: '三合一DTU首批',
      reworkTask: false,
      productionNumber: 5000,
      duplicateEnable: false,
      excelRows: 6000,
      expireDays: 30,
      benches: [{ pad: { code: 'SIM-DTU-01', name: '配件检测1号' } }, { pad: { code: 'SIM-DTU-02', name: '配件检测2号' } }],
      manualPads: [{ code: 'SIM-DTU-M1', name: '配件检测人工' }],
    },
    {
      dtuType: 'HRBLEDTU02',
      fittingType: '蓝牙DTU首批',
      reworkTask: false,
      productionNumber: 3000,
      duplicateEnable: false,
      excelRows: 0,
      expireDays: 30,
      benches: [{ pad: { code: 'SIM-DTU-03', name: '蓝牙检测1号' }, serial: { code: 'SIM-DTU-S1', name: '串口检测1号' } }],
    },
    {
      dtuType: 'HR4GDTU01',
      // a rework task is named by the accessory model it reworks
      fittingType: 'HR4GDTU01',
      reworkTask: true,
      productionNumber: 500,
      duplicateEnable: true,
      excelRows: 0,
      expireDays: 30,
      benches: [{ pad: { code: 'SIM-DTU-04', name: '返工检测1号' } }],
    },
  ],
};

/**
 * A task's sampling inspection (issue 18, docs/dtu-submission.md): terminals of the
 * parts-check line bound to the task by 配置抽检任务, and what each batch is sampled by.
 */
export interface DtuTaskSamplingPlan {
  /** the production task sampled, by its name (任务名称) */
  taskName: string;
  /** the terminal a simulated sampling bench works */
  pad: TerminalPlan;
  /** a sampling terminal of the task left to a person */
  manualPad?: TerminalPlan;
  /** 抽检数量: samples per batch (at most the batch) */
  quantity: number;
  inspectionLevel: InspectionLevel;
  aql: number;
}

export interface DtuSamplingPlan {
  /** the sampling benches' users are `<userPrefix>01` …, one per simulated sampling terminal (role 配件检测员) */
  userPrefix: string;
  password: string;
  tasks: DtuTaskSamplingPlan[];
}

/**
 * The demo's sampling: the cellular task's batches, five samples each at level II and
 * AQL 1.0 (for the demo's lots of 10–20 units GB/T 2828.1 gives Ac 0, Re 1: one defect
 * rejects), at a simulated terminal and one left to a person.
 */
export const DEMO_DTU_SAMPLING: DtuSamplingPlan = {
  userPrefix: 'cj',
  password: 'Station123',
  tasks: [
    {
      taskName: '三合一DTU首批',
      pad: { code: 'SIM-DTU-C1', name: '抽检终端1号' },
      manualPad: { code: 'SIM-DTU-C2', name: '抽检人工' },
      quantity: 5,
      inspectionLevel: 'II',
      aql: 1.0,
    },
  ],
};
