import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { flowResultOf, recordFlowOf, recordOf } from './record-fixtures';
import { afterToday, decodeOnceMore, encodeTwice, flowColumnsOf, idParam, rangeParams, recordUrls, secondsText } from './record-view';

describe('record view', () => {
  it('sends the end of the date range as the day after, across a month end', () => {
    expect(rangeParams([dayjs('2026-01-30'), dayjs('2026-01-31')])).toEqual({ fromTime: '2026-01-30', toTime: '2026-02-01' });
    expect(rangeParams([dayjs('2026-12-31'), dayjs('2026-12-31')])).toEqual({ fromTime: '2026-12-31', toTime: '2027-01-01' });
    expect(rangeParams(null)).toEqual({});
  });

  it('refuses days after today only', () => {
    expect(afterToday(dayjs())).toBe(false);
    expect(afterToday(dayjs().endOf('day'))).toBe(false);
    expect(afterToday(dayjs().add(1, 'day').startOf('day'))).toBe(true);
  });

  it('round-trips a flow name through two encodings and two decodings', () => {
    for (const name of ['上电检测', '通信/检测 100%&A', 'a+b=c?#']) {
      const query = `flowName=${encodeTwice(name)}`;
      const onceByRouter = new URLSearchParams(query).get('flowName') ?? '';
      expect(onceByRouter).toBe(encodeURIComponent(name));
      expect(decodeOnceMore(onceByRouter)).toBe(name);
    }
    // a malformed second encoding is shown as it came
    expect(decodeOnceMore('100%')).toBe('100%');
  });

  it('builds each level’s address', () => {
    expect(recordUrls.logDetail(8, 'P 01')).toBe('/productionLogDetail?taskId=8&resultId=P%2001');
    expect(recordUrls.flowDetail({ taskId: 8, code: 'P01', flowId: 102 })).toBe('/productionFlowDetail?taskId=8&resultId=P01&flowId=102');
    expect(recordUrls.flowDetail({ taskId: 8, code: 'P01', flowId: 102, testId: 5 })).toBe(
      '/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=5',
    );
    expect(recordUrls.history({ taskId: 8, code: 'P01', flowId: 102, flowTopoId: 102, flowName: '老化 测试' })).toBe(
      '/productionFlowTestLog?taskId=8&resultId=P01&flowId=102&flowTopoId=102&flowName=%25E8%2580%2581%25E5%258C%2596%2520%25E6%25B5%258B%25E8%25AF%2595',
    );
  });

  it('takes ids only when they are positive integers', () => {
    const params = new URLSearchParams('a=12&b=0&c=1.5&d=x&e=');
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((key) => idParam(params, key))).toEqual([12, null, null, null, null, null]);
  });

  it('makes one column per flow in sequence, from every row', () => {
    const rows = [
      recordOf({ id: 'P01', flows: [recordFlowOf({ id: 2, sequence: 2 }), recordFlowOf({ id: 1, sequence: 1 })] }),
      recordOf({ id: 'P02', flows: [recordFlowOf({ id: 3, sequence: 3, runtimeTaskResultEntity: flowResultOf({ id: 9 }) })] }),
    ];
    expect(flowColumnsOf(rows).map((flow) => flow.id)).toEqual([1, 2, 3]);
    expect(flowColumnsOf([])).toEqual([]);
    // the task's flows and the records' flows together, in sequence
    expect(flowColumnsOf(rows, [{ id: 4, name: '整机终检', sequence: 4 }, { id: 2, name: '通信检测', sequence: 2 }]).map((flow) => flow.id)).toEqual([1, 2, 3, 4]);
    expect(flowColumnsOf([], [{ id: 9, name: '老化测试', sequence: 1 }])).toEqual([{ id: 9, name: '老化测试', sequence: 1 }]);
  });

  it('shows seconds with at most one decimal', () => {
    expect([secondsText(12.345), secondsText(30), secondsText(0.04)]).toEqual(['12.3 s', '30 s', '0 s']);
  });
});
