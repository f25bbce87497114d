import { DOCUMENT_ENDPOINTS as DOCUMENT, type DocumentItem, MSG, PATHS } from '@factory/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, failure, installFetch } from '../test/fetch-stand-in';
import { loginResultWith } from '../test/fixtures';
import { recordBodies } from '../test/request-bodies';
import { apiCall } from './api-client';
import { setFeedback, type Feedback } from './feedback';
import { setNavigator } from './navigation';
import { useSession } from './session-store';

let notices: Array<[keyof Feedback, string]>;
let visited: string[];

beforeEach(() => {
  notices = [];
  visited = [];
  setFeedback({
    success: (content) => notices.push(['success', content]),
    error: (content) => notices.push(['error', content]),
    warning: (content) => notices.push(['warning', content]),
    info: (content) => notices.push(['info', content]),
  });
  setNavigator((to) => visited.push(to));
  useSession.getState().signIn(loginResultWith({ token: 'up-1' }));
});

afterEach(() => {
  setFeedback(null);
  setNavigator(null);
  useSession.getState().clear();
});

const uploaded: DocumentItem = {
  id: 5,
  type: 'USER_DOC',
  originName: '手册.pdf',
  downloadUrl: `${PATHS.file}/key-5`,
  contentType: 'application/pdf',
  size: 8,
  createTime: '2026-03-01 09:30:00',
  uploaderName: 'operator_li',
};

/** An upload as the console sends it: a multipart endpoint takes a FormData (with the upload timeout). */
const upload = (form: FormData) => apiCall(DOCUMENT.documentUpload, { query: { type: 'USER_DOC' }, body: form });

const formWithFile = () => {
  const form = new FormData();
  form.append('file', new File(['%PDF-1.4'], '手册.pdf', { type: 'application/pdf' }));
  return form;
};

describe('apiCall of a multipart endpoint', () => {
  it('posts the FormData as is with the bearer token and no Content-Type of its own', async () => {
    const seen = installFetch(() => ({ body: envelope(uploaded) }));
    const bodies = recordBodies();
    const form = formWithFile();

    await expect(upload(form)).resolves.toEqual(uploaded);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `${DOCUMENT.documentUpload.path}?type=USER_DOC` });
    expect(seen[0]?.headers.Authorization).toBe('Bearer up-1');
    // The browser must write multipart/form-data with its boundary itself.
    expect(seen[0]?.headers['Content-Type']).toBeUndefined();
    expect(bodies[0]).toBe(form);
  });

  it('follows the envelope rules: code 0 is a business error left to the caller', async () => {
    installFetch(() => ({ status: 413, body: failure(MSG.fileTooLarge) }));
    await expect(upload(formWithFile())).rejects.toMatchObject({
      kind: 'business',
      message: MSG.fileTooLarge,
      status: 413,
    });
    expect(notices).toEqual([]);
  });

  it('expires the session on 401 and shows 服务器异常，请稍后重试 without an envelope', async () => {
    installFetch(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    await expect(upload(formWithFile())).rejects.toMatchObject({
      kind: 'server',
    });
    expect(notices).toEqual([['error', MSG.serverError]]);

    installFetch(() => ({ status: 401, body: failure(MSG.sessionExpired) }));
    await expect(upload(formWithFile())).rejects.toMatchObject({
      kind: 'session',
    });
    expect(visited).toEqual(['/login']);
    expect(useSession.getState().token).toBeNull();
  });
});
