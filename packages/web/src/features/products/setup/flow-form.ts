import {
  checkFlowItem,
  checkManualItems,
  flowItemInput,
  IMEI_COMMUNICATIONS,
  INTERVAL,
  type CheckedProperty,
  type Flow,
  type FlowItem,
  type FlowParams,
  type FlowType,
  type Property,
} from '@factory/contracts';

/** The standard value of one checked item, as the panel edits it. */
export interface StandardValue {
  /** INTERVAL.value (one value) or INTERVAL.range (min–max) for numeric items */
  intervalNumber: number;
  normalValue: string;
  normalValueMax: string;
  normalStr: string;
  /** 1: the property's true value, 0: its false value, null: not chosen */
  normalBoolean: number | null;
  normalEnums: string[];
}

/** What the add/edit flow panel's form holds (the PDF is kept beside it). */
export interface FlowFormValues {
  name: string;
  /** the checked properties, in the order they were checked */
  checkedIds: number[];
  /** standard values by property id */
  standards: Record<string, StandardValue>;
  manualItems: string[];
  bindMac: boolean;
}

/** A property the panel can check, with what its standard value input needs. */
export type CheckableProperty = CheckedProperty & {
  id: number;
  code: string;
  unitName: string | null;
  trueValue: string | null;
  falseValue: string | null;
};

export function emptyStandard(): StandardValue {
  return { intervalNumber: INTERVAL.value, normalValue: '', normalValueMax: '', normalStr: '', normalBoolean: null, normalEnums: [] };
}

export function standardOfItem(item: FlowItem): StandardValue {
  return {
    intervalNumber: item.intervalNumber,
    normalValue: item.normalValue,
    normalValueMax: item.normalValueMax,
    normalStr: item.normalStr,
    normalBoolean: item.normalBoolean,
    normalEnums: [...item.normalEnums],
  };
}

export function checkableOfProperty(property: Property): CheckableProperty {
  return {
    id: property.id,
    name: property.name,
    code: property.code,
    dataTypeId: property.dataTypeId,
    min: property.min,
    max: property.max,
    length: property.length,
    enumerates: property.enumerates,
    unitName: property.unitName,
    trueValue: property.trueValue,
    falseValue: property.falseValue,
  };
}

/** The panel's starting values: empty for a new flow, the saved flow's for an edit. */
export function flowFormValuesOf(flow: Flow | null): FlowFormValues {
  if (!flow) return { name: '', checkedIds: [], standards: {}, manualItems: [], bindMac: false };
  return {
    name: flow.name,
    checkedIds: flow.items.map((item) => item.id),
    standards: Object.fromEntries(flow.items.map((item) => [String(item.id), standardOfItem(item)])),
    manualItems: flow.manualItems.map((row) => row.manualValue),
    bindMac: flow.bindMac,
  };
}

/**
 * The message the form shows under one checked item: the shared checkFlowItem
 * with FLOW_MSG texts, the same the server answers with.
 */
export function standardError(property: CheckedProperty & { id: number }, value: StandardValue | undefined): string | null {
  const item = flowItemInput.parse({ id: property.id, ...(value ?? emptyStandard()) });
  return checkFlowItem(property, item);
}

export function manualItemsError(rows: readonly (string | undefined)[] | undefined): string | null {
  return checkManualItems((rows ?? []).map((row) => row ?? ''));
}

export interface FlowParamsContext {
  productId: number;
  flowType: FlowType;
  /** the flow being edited; null adds one at the end */
  flowId: number | null;
  preId?: number | null;
  nextId?: number | null;
  removePdf?: boolean;
}

/** productFlowParams of the multipart submission. */
export function flowParamsOf(values: FlowFormValues, context: FlowParamsContext): FlowParams {
  const params: FlowParams = {
    productId: context.productId,
    name: values.name.trim(),
    bindMac: values.bindMac,
    flowType: context.flowType,
    items: values.checkedIds.map((id) => ({ id, ...(values.standards[String(id)] ?? emptyStandard()) })),
    manualItems: (values.manualItems ?? []).map((row) => (row ?? '').trim()),
  };
  if (context.flowId !== null) params.id = context.flowId;
  if (context.preId) params.preId = context.preId;
  if (context.nextId) params.nextId = context.nextId;
  if (context.removePdf) params.removePdf = true;
  return params;
}

export interface ScanCodeOption {
  label: string;
  checked: boolean;
  disabled: boolean;
  /** the option the user can change: it is the flow's bindMac */
  bindsMac: boolean;
}

/**
 * The scan-code options of the panel (seed 001 §2): 生产码 always, checked and
 * fixed; IMEI for 2.4G and THREE_2_ONE products, MAC otherwise, which is the flow's
 * bindMac and fixed on a DTU check; SN码 checked and fixed on an overall check.
 */
export function scanCodeOptions(communicationId: string, flowType: FlowType, bindMac: boolean): ScanCodeOption[] {
  const options: ScanCodeOption[] = [{ label: '生产码', checked: true, disabled: true, bindsMac: false }];
  options.push({
    label: IMEI_COMMUNICATIONS.includes(communicationId) ? 'IMEI' : 'MAC',
    checked: bindMac,
    disabled: flowType === 'DTU_CHECK',
    bindsMac: true,
  });
  if (flowType === 'OVERALL_CHECK') options.push({ label: 'SN码', checked: true, disabled: true, bindsMac: false });
  return options;
}

/** The device code a flow binds: IMEI or MAC by the product's communication. */
export const boundCodeName = (communicationId: string) => (IMEI_COMMUNICATIONS.includes(communicationId) ? 'IMEI' : 'MAC');
