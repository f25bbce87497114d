import { act, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { UNIT_POLL_MS } from '../hooks/use-unit-poll';
import type { QueuedDtuResult } from '../lib/dtu-result-queue';
import { STORAGE_KEYS } from '../lib/storage';
import { StationApp } from '../station-app';

/* The parts-check screen as an operator uses it: scan, watch, confirm the key tests. */

export type User = ReturnType<typeof userEvent.setup>;

export const IMEI = '861234567890123';
export const scanField = () => screen.getByLabelText('扫码') as HTMLInputElement;
export const itemRow = (name: string) => screen.getByRole('group', { name: `检测项 ${name}` });
export const keyRow = (name: string) => screen.getByRole('group', { name: `按键检测 ${name}` });
export const today = () => screen.getByRole('region', { name: '今日记录' });
export const storedQueue = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.dtuQueue) ?? '[]') as QueuedDtuResult[];
/** One round of the unit's polling (setInterval faked). */
export const poll = () => act(() => void vi.advanceTimersByTime(UNIT_POLL_MS));

export async function openParts() {
  render(<StationApp />);
  await screen.findByRole('region', { name: '当前任务' });
  return screen.findByLabelText('扫码');
}

/** A scanner types the code and Enter; the next step waits until the server answered the scan. */
export async function scan(user: User, code: string) {
  await user.type(scanField(), `${code}{Enter}`);
  await waitFor(() => expect(scanField().getAttribute('aria-busy')).toBe('false'));
}

/** The THREE_2_ONE task's key tests confirmed, 合格 unless told otherwise. */
export async function confirmKeys(user: User, verdicts: Record<string, '合格' | '不合格'> = {}) {
  for (const name of ['电源指示灯', '网络指示灯', '复位按键', 'SIM卡座']) {
    await user.click(within(keyRow(name)).getByRole('button', { name: verdicts[name] ?? '合格' }));
  }
}

/** Every item of the THREE_2_ONE task reported passing, and its own report reached the server. */
export const ALL_PASS = {
  ICCID: { value: '89860012345678901234', pass: true },
  CSQ: { value: '24', pass: true },
  VERSION: { value: '1.0.3', pass: true },
  SERVER_VERIFY: { value: 'true', pass: true },
};
