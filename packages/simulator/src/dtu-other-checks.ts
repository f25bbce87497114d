import type { DtuAssignment } from './dtu-pad-client.js';
import { gaussian, pick, type Random } from './random.js';

/** One of the DTU's other (manual) properties, as a sampling terminal's assignment lists it. */
export type OtherProp = NonNullable<DtuAssignment>['otherProps'][number];

/** An other property as the inspector records it on a sample (POST /api/station/dtu/sample). */
export interface OtherCheck {
  propertyId: number;
  actValue: string;
  pass: boolean;
}

/** `100±0.5mm`: a nominal size, its tolerance and the unit. */
const TOLERANCE = /^\s*(-?\d+(?:\.\d+)?)\s*±\s*(\d+(?:\.\d+)?)\s*(\S*)\s*$/;

/** What an inspector writes for a visual check found wanting, by what the property is about. */
const DEFECTS: [RegExp, string[]][] = [
  [/外壳|外观/, ['外壳划伤', '外壳变形', '表面污渍']],
  [/标签|铭牌|标识/, ['标签歪斜', '字迹模糊']],
  [/端子|接口|接线/, ['端子松动', '串口线不通']],
];

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * What the inspector measures and judges of one other property on a sample: a size
 * with its tolerance (`100±0.5mm`) is measured with the tool, a reading one decimal
 * finer than the tolerance, clustered at the nominal size when it passes and just
 * outside the tolerance when not; a visual check is written as what was seen, 符合 or
 * the defect found.
 */
export function otherCheckOf(prop: OtherProp, pass: boolean, random: Random): OtherCheck {
  const sized = TOLERANCE.exec(prop.checkStandard);
  if (sized) {
    const [nominal, tolerance, unit] = [Number(sized[1]), Number(sized[2]), sized[3]!];
    const decimals = decimalsOf(sized[2]!) + 1;
    const step = 10 ** -decimals;
    const off = pass
      ? Math.max(-tolerance, Math.min(tolerance, gaussian(random) * (tolerance / 3)))
      : (tolerance + step * (1 + Math.floor(random() * 5))) * (random() < 0.5 ? -1 : 1);
    return { propertyId: prop.id, actValue: `${(nominal + off).toFixed(decimals)}${unit}`, pass };
  }
  if (pass) return { propertyId: prop.id, actValue: '符合', pass };
  const about = `${prop.category}${prop.property}`;
  const defects = DEFECTS.find(([pattern]) => pattern.test(about))?.[1] ?? ['不符合'];
  return { propertyId: prop.id, actValue: pick(random, defects), pass };
}
