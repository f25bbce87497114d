import { render, screen, within } from '@testing-library/react';
import { StationApp } from '../station-app';
import type { User } from './parts-check-screen';

/* The sampling terminal's screen as an inspector uses it: pick a batch, scan a sample, judge its other checks. */

export const batchList = () => screen.getByRole('region', { name: '抽检批次' });
export const batchButton = (batchNo: string) => within(batchList()).getByRole('button', { name: new RegExp(`^${batchNo}`) }) as HTMLButtonElement;
export const taskBar = () => screen.getByRole('region', { name: '当前任务' });
export const otherRow = (property: string) => screen.getByRole('group', { name: `其他检测 ${property}` });
export const valueField = (property: string) => screen.getByLabelText(`${property} 实测值`) as HTMLInputElement;

/** The app opened at a sampling terminal: the task bar, and the list of batches (or its empty state). */
export async function openSampling() {
  render(<StationApp />);
  await screen.findByRole('region', { name: '当前任务' });
}

export async function pickBatch(user: User, batchNo: string) {
  await user.click(batchButton(batchNo));
  await screen.findByLabelText('扫码');
}

/** Each named property's measured value and verdict, as the inspector enters them. */
export async function judgeOthers(user: User, checks: Record<string, { value: string; verdict: '合格' | '不合格' }>) {
  for (const [property, { value, verdict }] of Object.entries(checks)) {
    await user.clear(valueField(property));
    await user.type(valueField(property), value);
    await user.click(within(otherRow(property)).getByRole('button', { name: verdict }));
  }
}

/** Both other properties of the sampling task, measured within their standards. */
export const OTHERS_PASS = {
  外壳: { value: '无划痕', verdict: '合格' },
  外形尺寸: { value: '120.2', verdict: '合格' },
} as const;
