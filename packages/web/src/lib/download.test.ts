import { MSG, PATHS } from '@factory/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { downloadFile, fileNameOf } from './download';
import { setFeedback, type Feedback } from './feedback';
import { useSession } from './session-store';
import { loginResultWith } from '../test/fixtures';

const realFetch = globalThis.fetch;
const realClick = HTMLAnchorElement.prototype.click;
let saved: string[];
let requests: Array<{ url: string; headers: Record<string, string> }>;
let notices: string[];

function answerWith(response: () => Response) {
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(input), headers: { ...(init.headers as Record<string, string>) } });
    return Promise.resolve(response());
  };
}

beforeEach(() => {
  saved = [];
  requests = [];
  notices = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  const record = (content: string) => void notices.push(content);
  setFeedback({ success: record, error: record, warning: record, info: record } satisfies Feedback);
  useSession.getState().signIn(loginResultWith({ token: 'token-9' }));
});

afterEach(() => {
  globalThis.fetch = realFetch;
  HTMLAnchorElement.prototype.click = realClick;
  setFeedback(null);
  vi.useRealTimers();
});

const attachment = (disposition: string) =>
  new Response('序号,生产编码\n1,ABC\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': disposition } });

describe('downloadFile', () => {
  it('saves the file under the name of content-disposition, sending the token and the query', async () => {
    answerWith(() => attachment(`attachment; filename="codes.csv"; filename*=UTF-8''GW_100_%E7%94%9F%E4%BA%A7%E7%BC%96%E7%A0%81_7.csv`));
    const name = await downloadFile(PATHS.taskExportCodes, { taskId: 7, format: 'csv', fileName: undefined }, 'x.csv');

    expect(name).toBe('GW_100_生产编码_7.csv');
    expect(saved).toEqual(['GW_100_生产编码_7.csv']);
    expect(requests[0]?.url).toBe(`${PATHS.taskExportCodes}?taskId=7&format=csv`);
    expect(requests[0]?.headers.Authorization).toBe('Bearer token-9');
  });

  it('falls back to the plain name, then to the caller’s', async () => {
    answerWith(() => attachment('attachment; filename="codes.xlsx"'));
    expect(await downloadFile('/api/f', {}, 'fallback.xlsx')).toBe('codes.xlsx');
    answerWith(() => attachment('attachment'));
    expect(await downloadFile('/api/f', {}, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(requests.map((request) => request.url)).toEqual(['/api/f', '/api/f']);
  });

  it('throws an error envelope as a business ApiError with its errorMsg, saving nothing', async () => {
    answerWith(
      () =>
        new Response(JSON.stringify({ code: 0, data: null, errorMsg: '任务不存在' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const error = await downloadFile('/api/f', {}, 'x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', message: '任务不存在', status: 404 });
    expect(saved).toEqual([]);
    // the caller shows a refusal (showApiError); nothing was shown twice
    expect(notices).toEqual([]);
  });

  it('shows 服务器异常 for an answer without an envelope or no answer at all', async () => {
    answerWith(() => new Response('<html>502</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(downloadFile('/api/f', {}, 'x')).rejects.toMatchObject({ kind: 'server', status: 502 });
    globalThis.fetch = () => Promise.reject(new TypeError('network down'));
    await expect(downloadFile('/api/f', {}, 'x')).rejects.toMatchObject({ kind: 'server', status: null });
    expect(notices).toEqual([MSG.serverError, MSG.serverError]);
  });
});

describe('fileNameOf', () => {
  it('reads the RFC 5987 name first, then the quoted or bare one', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''a%20b.json`)).toBe('a b.json');
    expect(fileNameOf('attachment; filename="a.json"')).toBe('a.json');
    expect(fileNameOf('attachment; filename=a.json')).toBe('a.json');
    expect(fileNameOf(`attachment; filename="plain.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.csv');
    expect(fileNameOf('attachment')).toBeNull();
  });
});
