import {
  DOCUMENT_ENDPOINTS as DOCUMENT,
  type DocumentItem,
  type DocumentType,
  MAX_UPLOAD_BYTES,
  MSG,
  PATHS,
} from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer, refusal } from '../../../test/fake-server';
import { loginResultWith, seededMenus } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { recordBodies } from '../../../test/request-bodies';

/** The address the server hands out for a stored file. */
const fileAt = (key: string) => `${PATHS.file}/${key}`;

const doc = (id: number, originName: string, fields: Partial<DocumentItem> = {}): DocumentItem => ({
  id,
  type: 'USER_DOC',
  originName,
  downloadUrl: fileAt(`key-${id}`),
  contentType: 'application/pdf',
  size: 1024,
  createTime: `2026-03-0${id} 09:30:00`,
  uploaderName: 'admin',
  ...fields,
});

/** Signs in with the seeded menus; the document pages hold only the buttons given. */
function signInWith(docButtons: string[]) {
  const menus = seededMenus().map((menu) =>
    ['/userDoc', '/devDoc', '/serveDoc'].includes(menu.url)
      ? { ...menu, funcBotton: docButtons, funList: docButtons.map((funCode) => ({ menuId: menu.id, funCode })) }
      : menu,
  );
  useSession.getState().signIn(loginResultWith({}, menus));
}

const frame = () => document.querySelector('iframe');

/** A server holding these files per type; it filters by originName as the real one does. */
function serveDocuments(files: Partial<Record<DocumentType, DocumentItem[]>>) {
  return installServer(
    answer(DOCUMENT.documentList, ({ query }: FakeRequest) => {
      const name = query.originName ?? '';
      const all = files[query.type as DocumentType] ?? [];
      return all.filter((file) => file.originName.includes(name));
    }),
  );
}

interface HappyWindow {
  happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } };
}

beforeEach(() => {
  useSession.getState().clear();
  // The frames point at stored files (PATHS.file); happy-dom must not try to load them from a server that is not there.
  const { settings } = (window as unknown as HappyWindow).happyDOM;
  settings.navigation.disableChildFrameNavigation = true;
});

describe('document viewers', () => {
  it('says 暂无文档 and 共 0 个文件 when there are no files', async () => {
    signInWith(['add', 'delete']);
    const server = serveDocuments({});
    await renderPage('/userDoc');

    expect(await screen.findByText('共 0 个文件')).toBeTruthy();
    expect(screen.getByText(MSG.noDocuments)).toBeTruthy();
    expect(frame()).toBeNull();
    expect(screen.getByRole('heading', { name: '用户文档' })).toBeTruthy();
    expect(screen.getByText('文档中心')).toBeTruthy();
    expect(server.calls(DOCUMENT.documentList)[0]?.query.type).toBe('USER_DOC');
  });

  it('lists the files, shows the first in the frame and switches on click', async () => {
    const user = userEvent.setup();
    signInWith([]);
    serveDocuments({ TECH_DOC: [doc(1, '接口说明.pdf'), doc(2, '接线图.png', { contentType: 'image/png' })] });
    await renderPage('/devDoc');

    expect(await screen.findByText('共 2 个文件')).toBeTruthy();
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe(fileAt('key-1')));
    expect(frame()?.getAttribute('title')).toBe('接口说明.pdf');
    expect(screen.getByText('2026-03-01 09:30:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /接口说明\.pdf/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: /下载/ }).getAttribute('href')).toBe(fileAt('key-1'));

    await user.click(screen.getByRole('button', { name: /接线图\.png/ }));
    expect(frame()?.getAttribute('src')).toBe(fileAt('key-2'));
    expect(screen.getByRole('button', { name: /接线图\.png/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: /接口说明\.pdf/ }).getAttribute('aria-current')).toBeNull();
  });

  it('offers a download instead of a frame for files a browser can not show', async () => {
    signInWith([]);
    serveDocuments({
      SERVER_DOC: [doc(3, '部署手册.docx', { contentType: 'application/msword', downloadUrl: fileAt('key-3') })],
    });
    await renderPage('/serveDoc');

    expect(await screen.findByText('该类型的文件不能在线预览，请下载后查看')).toBeTruthy();
    expect(frame()).toBeNull();
    expect(screen.getAllByRole('link', { name: /下载/ })[0]?.getAttribute('href')).toBe(fileAt('key-3'));
  });

  it('searches on Enter with the file name as typed and shows the first hit', async () => {
    const user = userEvent.setup();
    signInWith([]);
    const server = serveDocuments({ USER_DOC: [doc(1, '操作手册.pdf'), doc(2, '安装 指南.pdf')] });
    await renderPage('/userDoc');
    await screen.findByText('共 2 个文件');
    expect(server.calls(DOCUMENT.documentList)[0]?.query.originName).toBe('');

    await user.type(screen.getByRole('searchbox', { name: '文件名称' }), ' 指南{Enter}');
    await screen.findByText('共 1 个文件');
    expect(server.calls(DOCUMENT.documentList).at(-1)?.query.originName).toBe(' 指南');
    expect(frame()?.getAttribute('src')).toBe(fileAt('key-2'));
  });

  it('keeps the list on screen when a load fails, and only logs it', async () => {
    const user = userEvent.setup();
    signInWith([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installServer(
      answer(DOCUMENT.documentList, ({ query }: FakeRequest) =>
        query.originName ? refusal(MSG.documentTypeRule, 400) : [doc(1, '操作手册.pdf')],
      ),
    );
    await renderPage('/userDoc');
    await screen.findByText('共 1 个文件');

    await user.type(screen.getByRole('searchbox', { name: '文件名称' }), '手册{Enter}');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByText('共 1 个文件')).toBeTruthy();
    expect(frame()?.getAttribute('src')).toBe(fileAt('key-1'));
    expect(screen.queryByText(MSG.documentTypeRule)).toBeNull();
    logged.mockRestore();
  });

  it('hides 上传文档 and 删除 without the add and delete buttons of the page', async () => {
    signInWith([]);
    serveDocuments({ USER_DOC: [doc(1, '操作手册.pdf')] });
    await renderPage('/userDoc');
    await screen.findByText('共 1 个文件');

    expect(screen.queryByRole('button', { name: /上传文档/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('refuses a file over 20 MB before sending it', async () => {
    const user = userEvent.setup();
    signInWith(['add']);
    const server = serveDocuments({});
    await renderPage('/userDoc');
    await screen.findByRole('button', { name: /上传文档/ });

    const big = new File(['x'], '大文件.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, big);

    expect(await screen.findByText(MSG.fileTooLarge)).toBeTruthy();
    expect(server.seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('uploads as multipart to the page type, says 上传成功 and reloads', async () => {
    const user = userEvent.setup();
    signInWith(['add']);
    const files: DocumentItem[] = [];
    const server = installServer(
      answer(DOCUMENT.documentUpload, () => {
        files.unshift(doc(4, '新手册.pdf', { type: 'SERVER_DOC' }));
        return files[0]!;
      }),
      answer(DOCUMENT.documentList, () => files),
    );
    const bodies = recordBodies();
    await renderPage('/serveDoc');
    await screen.findByText('共 0 个文件');

    const file = new File(['%PDF-1.4'], '新手册.pdf', { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: MAX_UPLOAD_BYTES });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);

    expect(await screen.findByText(MSG.documentUploaded)).toBeTruthy();
    const upload = server.seen.findIndex((request) => request.method === 'POST');
    expect(server.calls(DOCUMENT.documentUpload)).toHaveLength(1);
    expect(server.seen[upload]?.url).toBe(`${DOCUMENT.documentUpload.path}?type=SERVER_DOC`);
    expect(server.seen[upload]?.headers.Authorization).toBe('Bearer token-1');
    const form = bodies[upload] as FormData;
    expect((form.get('file') as File).name).toBe('新手册.pdf');

    expect(await screen.findByText('共 1 个文件')).toBeTruthy();
    expect(frame()?.getAttribute('src')).toBe(fileAt('key-4'));
  });

  it('deletes a file only after the confirmation, then says 该文档已删除 and reloads', async () => {
    const user = userEvent.setup();
    signInWith(['delete']);
    let files = [doc(1, '操作手册.pdf'), doc(2, '维护手册.pdf')];
    const server = installServer(
      answer(DOCUMENT.documentDelete, ({ json }: FakeRequest) => {
        const { id } = json as { id: number };
        files = files.filter((file) => file.id !== id);
        return null;
      }),
      answer(DOCUMENT.documentList, () => files),
    );
    await renderPage('/userDoc');
    await screen.findByText('共 2 个文件');
    expect(screen.queryByRole('button', { name: /上传文档/ })).toBeNull();

    const row = screen.getByRole('button', { name: /维护手册\.pdf/ }).closest('li')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“维护手册.pdf”吗？')).toBeTruthy();
    expect(server.seen.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.documentDeleted)).toBeTruthy();
    const removal = server.seen.find((request) => request.method === 'POST');
    expect(removal?.url).toBe(DOCUMENT.documentDelete.path);
    expect(JSON.parse(removal?.body ?? '')).toEqual({ id: 2 });
    expect(await screen.findByText('共 1 个文件')).toBeTruthy();
  });
});
