import { describe, expect, it } from 'vitest';
import { batchNoOf, samplingFiguresOf, standardPlanOf, verdictOf } from './dtu-batches.js';

/* The sampling rules of a batch (GB/T 2828.1 single sampling, DESIGN.md §9.5) without a database. */

const plan = (sampleSize: number, acceptNumber: number, rejectNumber: number) => ({ sampleSize, acceptNumber, rejectNumber });
const ok = false;
const bad = true;

describe('verdictOf', () => {
  it('is PENDING without a plan, or before n samples are judged with fewer defects than Re', () => {
    expect(verdictOf([bad, bad], { sampleSize: null, acceptNumber: null, rejectNumber: null })).toBe('PENDING');
    expect(verdictOf([], plan(3, 0, 1))).toBe('PENDING');
    expect(verdictOf([ok, ok], plan(3, 0, 1))).toBe('PENDING');
    expect(verdictOf([ok, bad, ok, ok], plan(8, 1, 2))).toBe('PENDING');
  });

  it('rejects as soon as the defects reach Re, before n are judged', () => {
    expect(verdictOf([bad], plan(3, 0, 1))).toBe('REJECT');
    expect(verdictOf([ok, bad, ok, bad], plan(8, 1, 2))).toBe('REJECT');
  });

  it('accepts once n are judged with at most Ac defects', () => {
    expect(verdictOf([ok, ok, ok], plan(3, 0, 1))).toBe('ACCEPT');
    expect(verdictOf([ok, bad, ok, ok, ok, ok, ok, ok], plan(8, 1, 2))).toBe('ACCEPT');
  });

  it('keeps the verdict of the first n: samples judged beyond them are counted elsewhere but change nothing', () => {
    expect(verdictOf([ok, ok, ok, bad, bad], plan(3, 0, 1))).toBe('ACCEPT');
    expect(verdictOf([bad, ok, ok, ok], plan(3, 0, 1))).toBe('REJECT');
    // the Re-th defect at the n-th sample rejects
    expect(verdictOf([ok, ok, bad], plan(3, 0, 1))).toBe('REJECT');
  });
});

describe('samplingFiguresOf', () => {
  const task = { checkNumber: 20, checkLevel: 'II', checkAql: 1 };

  it('answers the plan stored on the batch once fixed, whatever the configuration says now', () => {
    const fixed = { submitNumber: 50, sampleSize: 5, acceptNumber: 0, rejectNumber: 1 };
    expect(samplingFiguresOf(fixed, task)).toEqual(plan(5, 0, 1));
    expect(samplingFiguresOf(fixed, { ...task, checkNumber: null })).toEqual(plan(5, 0, 1));
  });

  it('before that: n the configured quantity at most the lot, Ac/Re of Table 2-A for the lot at the task’s level and AQL', () => {
    const open = (submitNumber: number) => ({ submitNumber, sampleSize: null, acceptNumber: null, rejectNumber: null });
    // lot 50 at II: D, at 1.0 ↓ E: 0 1
    expect(samplingFiguresOf(open(50), task)).toEqual(plan(20, 0, 1));
    // lot 500 at II: H, 1 2
    expect(samplingFiguresOf(open(500), task)).toEqual(plan(20, 1, 2));
    // a lot of 7: every unit
    expect(samplingFiguresOf(open(7), task)).toEqual(plan(7, 0, 1));
    // lot 50 at III, AQL 4.0: E, 1 2
    expect(samplingFiguresOf(open(50), { checkNumber: 13, checkLevel: 'III', checkAql: 4 })).toEqual(plan(13, 1, 2));
  });

  it('answers nulls without a configuration, for an empty lot, or a level or AQL the binding would refuse', () => {
    const none = { sampleSize: null, acceptNumber: null, rejectNumber: null };
    const open = { submitNumber: 50, sampleSize: null, acceptNumber: null, rejectNumber: null };
    expect(samplingFiguresOf(open, { ...task, checkNumber: null })).toEqual(none);
    expect(samplingFiguresOf({ ...open, submitNumber: 0 }, task)).toEqual(none);
    expect(samplingFiguresOf(open, { ...task, checkLevel: 'IV' })).toEqual(none);
    expect(samplingFiguresOf(open, { ...task, checkAql: 0.3 })).toEqual(none);
    expect(standardPlanOf(50, { ...task, checkAql: 0.3 })).toBeNull();
  });
});

describe('batchNoOf', () => {
  it('numbers a batch by its task and sequence, three digits at least', () => {
    expect(batchNoOf(12, 3)).toBe('12-003');
    expect(batchNoOf(7, 1234)).toBe('7-1234');
  });
});
