import { MSG, PATHS, PRODUCTION_CODE_ENDPOINTS, QR_CODE_PAGE } from '@factory/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer, rawAnswer, refuse } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { taskSession } from '../task-fixtures';
import { CLOSE_AFTER_ERROR_MS, LABELS_PER_ROUND } from './print-page';

configure({ asyncUtilTimeout: 5000 });

const CODES = ['7K3M9Q2XHP', '0A1B2C3D4E', 'ZZZZ5W8R6T'];
const QR_URLS = PRODUCTION_CODE_ENDPOINTS.taskQrCodeUrls;
const imageOf = (code: string) => `${PATHS.productionCodeQr}/${code}.png`;

/** The server's paging over `codes` (numbered 1..n), `perPage` at most a page whatever the console asks. */
const pagesOf =
  (codes: readonly string[], perPage: number = QR_CODE_PAGE.size) =>
  ({ query }: FakeRequest) => {
    const after = Number(query.afterSequence ?? 0);
    const page = codes.slice(after, after + Math.min(perPage, Number(query.pageSize)));
    const last = after + page.length;
    return { total: codes.length, codes: page, nextAfter: page.length > 0 && last < codes.length ? last : null };
  };
const urls = pagesOf(CODES);

const realPrint = window.print;
const realClose = window.close;
let print: ReturnType<typeof vi.fn>;
let close: ReturnType<typeof vi.fn>;

beforeEach(() => {
  useSession.getState().signIn(taskSession());
  print = vi.fn();
  close = vi.fn();
  // happy-dom has no print(); both are stood in for and put back.
  Object.assign(window, { print, close });
});

afterEach(() => {
  vi.useRealTimers();
  Object.assign(window, { print: realPrint, close: realClose });
});

// The labels' images only: an antd icon (role img too) of a toast that outlives its test sits in the body,
// outside the page, and once made a round of 200 look like 201.
const images = () => {
  const labels = screen.queryByRole('list', { name: '二维码' });
  return (labels ? within(labels).queryAllByRole('img') : []) as HTMLImageElement[];
};

describe('/print', () => {
  it('renders one 256x256 QR image per code, in order, each with its code under it and a page break after', async () => {
    const server = installServer(answer(QR_URLS, urls));
    await renderPage('/print?id=5');

    await waitFor(() => expect(images()).toHaveLength(3));
    expect(server.calls(QR_URLS)[0]?.query).toEqual({ taskId: '5', afterSequence: '0', pageSize: String(QR_CODE_PAGE.size) });
    expect(images().map((image) => [image.getAttribute('src'), image.alt, image.width, image.height])).toEqual(
      CODES.map((code) => [imageOf(code), code, 256, 256]),
    );
    const labels = [...document.querySelectorAll('.print-page__label')];
    expect(labels.map((label) => label.textContent)).toEqual(CODES);
    expect(screen.getByText(/共 3 个二维码，图片加载完成后自动打印/)).toBeTruthy();
    // Each label ends its page.
    for (const label of labels) expect(label.getAttribute('style')).toContain('break-after: page');
    // Outside the layout: no header, menu or footer.
    expect(document.querySelector('.shell-header')).toBeNull();
    expect(document.querySelector('.ant-layout-footer')).toBeNull();
  });

  it('prints once every image has loaded or failed, then closes the tab', async () => {
    installServer(answer(QR_URLS, urls));
    await renderPage('/print?id=5');
    await waitFor(() => expect(images()).toHaveLength(3));

    fireEvent.load(images()[0]!);
    fireEvent.error(images()[2]!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(print).not.toHaveBeenCalled();
    expect(screen.getByText('已加载 2/3')).toBeTruthy();

    fireEvent.load(images()[1]!);
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.invocationCallOrder[0]).toBeLessThan(close.mock.invocationCallOrder[0]!);
  });

  it('reads the codes page after page and adds the labels a round at a time, printing every label once', async () => {
    // 2.5 rounds of labels, served in pages of 150 codes.
    const codes = Array.from({ length: LABELS_PER_ROUND * 2 + LABELS_PER_ROUND / 2 }, (_, index) => `A${String(index).padStart(9, '0')}`);
    const server = installServer(answer(QR_URLS, pagesOf(codes, 150)));
    await renderPage('/print?id=5');

    await waitFor(() => expect(server.calls(QR_URLS)).toHaveLength(Math.ceil(codes.length / 150)));
    // each page starts after the last code of the one before
    expect(server.calls(QR_URLS).map((call) => call.query.afterSequence)).toEqual(['0', '150', '300', '450']);
    expect(screen.getByText(new RegExp(`共 ${codes.length} 个二维码`))).toBeTruthy();
    // Only the first round is on the page until its images have settled.
    await waitFor(() => expect(images()).toHaveLength(LABELS_PER_ROUND));
    for (const image of images().slice(0, LABELS_PER_ROUND - 1)) fireEvent.load(image);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(images()).toHaveLength(LABELS_PER_ROUND);
    fireEvent.error(images()[LABELS_PER_ROUND - 1]!);
    await waitFor(() => expect(images()).toHaveLength(LABELS_PER_ROUND * 2));

    for (const image of images().slice(LABELS_PER_ROUND)) fireEvent.load(image);
    await waitFor(() => expect(images()).toHaveLength(codes.length));
    expect(print).not.toHaveBeenCalled();
    for (const image of images().slice(LABELS_PER_ROUND * 2)) fireEvent.load(image);
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(print).toHaveBeenCalledTimes(1);
    // The one print holds every label, in label order, each at its code's image.
    expect(images().map((image) => [image.alt, image.getAttribute('src')])).toEqual(codes.map((code) => [code, imageOf(code)]));
    expect(screen.getByText(`已加载 ${codes.length}/${codes.length}`)).toBeTruthy();
  });

  it('shows the errorMsg and closes the window after 1 s on a refusal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installServer(refuse(QR_URLS, '任务不存在', 404));
    await renderPage('/print?id=99');

    await vi.waitFor(() => expect(screen.getByText('任务不存在')).toBeTruthy());
    expect(screen.getByText('二维码加载失败，窗口即将关闭')).toBeTruthy();
    expect(CLOSE_AFTER_ERROR_MS).toBe(1000);
    await vi.advanceTimersByTimeAsync(900);
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(close).toHaveBeenCalledTimes(1);
    expect(print).not.toHaveBeenCalled();
  });

  it('closes after 1 s when the server cannot be reached, too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installServer(answer(QR_URLS, () => rawAnswer({ status: 502, body: '<html>bad gateway</html>' })));
    await renderPage('/print?id=5');

    await vi.waitFor(() => expect(screen.getByText(MSG.serverError)).toBeTruthy());
    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_ERROR_MS);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('prints nothing for a task without codes, or without an id', async () => {
    const server = installServer(answer(QR_URLS, { total: 0, codes: [], nextAfter: null }));
    const first = await renderPage('/print?id=5');
    expect(await screen.findByText('该任务没有生产码，无需打印')).toBeTruthy();
    first.unmount();

    await renderPage('/print');
    expect(await screen.findByText('未指定任务，无法打印二维码')).toBeTruthy();
    expect(server.calls(QR_URLS)).toHaveLength(1);
    expect(print).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
