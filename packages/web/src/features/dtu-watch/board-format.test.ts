import { describe, expect, it } from 'vitest';
import { capacityText, finishText, productionDigits, progressText } from './board-format';

describe('the DTU board’s figures (seed 002 §9)', () => {
  it('pads counts to at least 4 digits and groups them by thousands', () => {
    expect(productionDigits(0)).toBe('0,000');
    expect(productionDigits(12)).toBe('0,012');
    expect(productionDigits(120)).toBe('0,120');
    expect(productionDigits(1234)).toBe('1,234');
    expect(productionDigits(12345)).toBe('12,345');
    expect(productionDigits(1_234_567)).toBe('1,234,567');
    // nothing to show of a broken answer
    expect(productionDigits(-3)).toBe('0,000');
    expect(productionDigits(Number.NaN)).toBe('0,000');
  });

  it('writes progress with 2 decimals, 0.00 without a total, cut rather than rounded', () => {
    expect(progressText(0, 0)).toBe('0.00');
    expect(progressText(5, 0)).toBe('0.00');
    expect(progressText(120, 1000)).toBe('12.00');
    expect(progressText(1, 3)).toBe('33.33');
    expect(progressText(2, 3)).toBe('66.66');
    // 0.285 × 100 is 28.499… in floating point
    expect(progressText(57, 200)).toBe('28.50');
    expect(progressText(99_999, 100_000)).toBe('99.99');
    expect(progressText(1000, 1000)).toBe('100.00');
    expect(progressText(1200, 1000)).toBe('100.00');
  });

  it('writes the capacity as hours, minutes and seconds, 暂无数据 before any result', () => {
    expect(capacityText(0)).toBe('暂无数据');
    expect(capacityText(0.4)).toBe('不足1秒');
    expect(capacityText(45)).toBe('45秒');
    expect(capacityText(45.6)).toBe('46秒');
    expect(capacityText(60)).toBe('1分0秒');
    expect(capacityText(125)).toBe('2分5秒');
    expect(capacityText(3725)).toBe('1小时2分5秒');
  });

  it('writes the expected finish as days, hours and minutes, 不足1分钟 under a minute, 暂无数据 at 0', () => {
    expect(finishText(0)).toBe('暂无数据');
    expect(finishText(-5)).toBe('暂无数据');
    expect(finishText(1)).toBe('不足1分钟');
    expect(finishText(59.9)).toBe('不足1分钟');
    expect(finishText(60)).toBe('1分钟');
    expect(finishText(3599)).toBe('59分钟');
    expect(finishText(3 * 3600 + 59 * 60 + 59)).toBe('3小时59分钟');
    expect(finishText(86_400)).toBe('1天0小时0分钟');
    expect(finishText(2 * 86_400 + 5 * 3600 + 7 * 60 + 30)).toBe('2天5小时7分钟');
  });
});
