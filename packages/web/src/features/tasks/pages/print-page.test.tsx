import { MSG } from '@factory/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { envelope, failure, installFetch, type SeenRequest } from '../../../test/fetch-stand-in';
import { pathOf, queryOf } from '../../../test/line-terminal-fixtures';
import { renderApp } from '../../../test/render-app';
import { taskSession } from '../task-fixtures';
import { CLOSE_AFTER_ERROR_MS } from './print-page';

configure({ asyncUtilTimeout: 5000 });

const CODES = ['7K3M9Q2XHP', '0A1B2C3D4E', 'ZZZZ5W8R6T'];
const urls = Object.fromEntries(CODES.map((code) => [code, `/api/productionCode/qr/${code}.png`]));

function qrServer(answer: (request: SeenRequest) => { status?: number; body: unknown } = () => ({ body: envelope(urls) })) {
  return installFetch((request) =>
    pathOf(request) === '/api/task/exportQrCodeUrls' ? answer(request) : { body: envelope(null) },
  );
}

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

const images = () => screen.queryAllByRole('img') as HTMLImageElement[];

describe('/print', () => {
  it('renders one 256x256 QR image per code, in order, each with its code under it and a page break after', async () => {
    const seen = qrServer();
    renderApp('/print?id=5');

    await waitFor(() => expect(images()).toHaveLength(3));
    expect(queryOf(seen[0])).toEqual({ taskId: '5' });
    expect(images().map((image) => [image.getAttribute('src'), image.alt, image.width, image.height])).toEqual(
      CODES.map((code) => [`/api/productionCode/qr/${code}.png`, code, 256, 256]),
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
    qrServer();
    renderApp('/print?id=5');
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

  it('shows the errorMsg and closes the window after 1 s on a refusal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    qrServer(() => ({ status: 404, body: failure('任务不存在') }));
    renderApp('/print?id=99');

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
    qrServer(() => ({ status: 502, body: '<html>bad gateway</html>' }));
    renderApp('/print?id=5');

    await vi.waitFor(() => expect(screen.getByText(MSG.serverError)).toBeTruthy());
    await vi.advanceTimersByTimeAsync(CLOSE_AFTER_ERROR_MS);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('prints nothing for a task without codes, or without an id', async () => {
    const seen = qrServer(() => ({ body: envelope({}) }));
    const first = renderApp('/print?id=5');
    expect(await screen.findByText('该任务没有生产码，无需打印')).toBeTruthy();
    first.unmount();

    renderApp('/print');
    expect(await screen.findByText('未指定任务，无法打印二维码')).toBeTruthy();
    expect(seen.filter((request) => pathOf(request) === '/api/task/exportQrCodeUrls')).toHaveLength(1);
    expect(print).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
