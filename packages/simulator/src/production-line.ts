/** One unit on the simulated line: its printed code and what a station scans off it. */
export interface Device {
  code: string;
  /** 1-based label order within the task */
  sequence: number;
  sn: string;
  mac: string;
  imei: string;
  /** refusals by the server so far; a device refused again and again leaves the line */
  refusals: number;
  /** a station sent its SN (a flow that scans SN码), so the server knows the unit by it */
  snSent: boolean;
}

const hex = (value: number, bytes: number) => value.toString(16).toUpperCase().padStart(bytes * 2, '0').slice(-bytes * 2);

/** The 15th digit of an IMEI (Luhn over the first 14). */
function luhnDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * SN, MAC and IMEI of a unit, made from the task and the label order: unique
 * within the task (the server refuses a duplicate) and the same in every run, so
 * a second simulator run scans what the first one bound to the device.
 */
export function deviceOf(taskId: number, sequence: number, code: string): Device {
  const mac = `02${hex(taskId, 2)}${hex(sequence, 3)}`.match(/../g)!.join(':');
  const imeiBody = `86${String(taskId % 10_000).padStart(4, '0')}${String(sequence % 100_000_000).padStart(8, '0')}`;
  return {
    code,
    sequence,
    sn: `SN${String(taskId).padStart(4, '0')}${String(sequence).padStart(6, '0')}`,
    mac,
    imei: `${imeiBody}${luhnDigit(imeiBody)}`,
    refusals: 0,
    snSent: false,
  };
}

interface Repair {
  device: Device;
  readyAt: number;
}

export interface LineOptions {
  /** how long a failed unit is away being repaired before its retest, in ms */
  repairDelayMs: number;
  now?: () => number;
  /** told of every unit that passed the last flow (the warehouse stocks it) */
  onFinished?: (device: Device) => void;
}

/**
 * The devices of one task moving along its flows, shared by every simulated
 * station of the task. A unit is tested at flow n only after it passed flow n−1:
 * flow 1 takes fresh codes in label order, later flows take the units the flow
 * before passed, and a failed unit comes back to the same flow after a repair
 * delay. Node runs one callback at a time, so taking a unit is atomic: two
 * stations of a flow never test the same unit at once.
 */
export class ProductionLine {
  readonly taskId: number;
  readonly flowCount: number;
  readonly total: number;
  /** units that passed the last flow */
  finished = 0;
  /** units taken off the line after repeated refusals */
  dropped = 0;
  private readonly ready: Device[][];
  private readonly repairs: Repair[][];
  private readonly inFlight: number[];
  private readonly repairDelayMs: number;
  private readonly now: () => number;
  private readonly onFinished: ((device: Device) => void) | undefined;

  constructor(taskId: number, flowCount: number, codes: readonly string[], options: LineOptions) {
    this.taskId = taskId;
    this.flowCount = flowCount;
    this.total = codes.length;
    this.repairDelayMs = options.repairDelayMs;
    this.now = options.now ?? Date.now;
    this.onFinished = options.onFinished;
    this.ready = Array.from({ length: flowCount }, () => []);
    this.repairs = Array.from({ length: flowCount }, () => []);
    this.inFlight = Array.from({ length: flowCount }, () => 0);
    this.ready[0] = codes.map((code, index) => deviceOf(taskId, index + 1, code));
  }

  private index(flowOrder: number): number {
    if (!Number.isInteger(flowOrder) || flowOrder < 1 || flowOrder > this.flowCount) {
      throw new Error(`task ${this.taskId} has no flow ${flowOrder}`);
    }
    return flowOrder - 1;
  }

  /** The next unit for a station at this flow: a repaired one whose repair is over, else the next in line; null when none waits. */
  take(flowOrder: number): Device | null {
    const at = this.index(flowOrder);
    const repairs = this.repairs[at]!;
    const now = this.now();
    const repaired = repairs.findIndex((repair) => repair.readyAt <= now);
    const device = repaired >= 0 ? repairs.splice(repaired, 1)[0]!.device : (this.ready[at]!.shift() ?? null);
    if (device) this.inFlight[at]! += 1;
    return device;
  }

  /** The server's verdict on a unit taken at this flow: on to the next flow, done, or off to repair. */
  report(device: Device, flowOrder: number, passed: boolean): void {
    const at = this.index(flowOrder);
    this.inFlight[at]! -= 1;
    if (!passed) {
      this.repairs[at]!.push({ device, readyAt: this.now() + this.repairDelayMs });
    } else if (at + 1 < this.flowCount) {
      this.ready[at + 1]!.push(device);
    } else {
      this.finished += 1;
      this.onFinished?.(device);
    }
  }

  /** A unit the station could not get a verdict for goes back to the head of its queue. */
  giveBack(device: Device, flowOrder: number): void {
    const at = this.index(flowOrder);
    this.inFlight[at]! -= 1;
    this.ready[at]!.unshift(device);
  }

  /** A unit the server keeps refusing leaves the line, so the line can still drain. */
  drop(flowOrder: number): void {
    this.inFlight[this.index(flowOrder)]! -= 1;
    this.dropped += 1;
  }

  /** True once no unit waits, is being repaired or is under test at this flow or any before it: nothing will ever come. */
  drained(flowOrder: number): boolean {
    const at = this.index(flowOrder);
    for (let k = 0; k <= at; k++) {
      if (this.ready[k]!.length > 0 || this.repairs[k]!.length > 0 || this.inFlight[k]! > 0) return false;
    }
    return true;
  }

  /** Units waiting at each flow (for the progress line). */
  waiting(): number[] {
    return this.ready.map((queue, index) => queue.length + this.repairs[index]!.length);
  }
}
