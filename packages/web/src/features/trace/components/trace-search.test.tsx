import { MENUS, RECORD_MSG, RECORDS_ENDPOINTS as RECORDS } from '@factory/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { deviceTraceOf, traceSession } from '../trace-fixtures';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

const searchBox = () => screen.findByRole('textbox', { name: '设备追溯' });

function traceServer() {
  return installServer(answer(RECORDS.deviceTrace, { devices: [deviceTraceOf({ code: 'P01', mac: 'AA:BB:CC:DD:EE:01' })] }));
}

beforeEach(() => useSession.getState().signIn(traceSession()));

// The box lives in the shared layout's header, so these tests render the whole console
// (renderApp), not one page: the layout is what they test.
describe('header device search', () => {
  it('opens the trace of the text on Enter, from any page', async () => {
    const user = userEvent.setup();
    const server = traceServer();
    const { router } = renderApp('/checkLog');

    const box = await searchBox();
    expect(box.getAttribute('placeholder')).toBe('生产码 / SN / MAC / IMEI');
    await user.type(box, ' AA:BB:CC:DD:EE:01 {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/deviceTrace'), OTHER_PAGE);
    expect(new URLSearchParams(router.state.location.search).get('text')).toBe('AA:BB:CC:DD:EE:01');
    expect(await screen.findByText('P01')).toBeTruthy();
    expect(server.calls(RECORDS.deviceTrace)[0]?.query).toEqual({ text: 'AA:BB:CC:DD:EE:01' });
  });

  it('carries a text that needs encoding intact', async () => {
    const user = userEvent.setup();
    traceServer();
    const { router } = renderApp('/checkLog');
    await user.type(await searchBox(), 'SN#1&2 %{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/deviceTrace'), OTHER_PAGE);
    expect(new URLSearchParams(router.state.location.search).get('text')).toBe('SN#1&2 %');
  });

  it('asks for a text instead of searching nothing', async () => {
    const user = userEvent.setup();
    traceServer();
    const { router } = renderApp('/checkLog');
    await user.type(await searchBox(), '   {Enter}');
    expect(await screen.findByText(RECORD_MSG.traceTextRequired)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkLog');
  });

  it('shows the traced text in the box on the trace page', async () => {
    traceServer();
    renderApp('/deviceTrace?text=P01');
    await waitFor(async () => expect(((await searchBox()) as HTMLInputElement).value).toBe('P01'));
  });

  it('is not shown to a user without 产线检测, and is to the platform administrator', async () => {
    useSession.getState().signIn(traceSession(MENUS.productCenter, '产品中心'));
    traceServer();
    const { unmount } = renderApp('/checkLog');
    expect(await screen.findByRole('menu', { name: '主菜单' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '设备追溯' })).toBeNull();
    unmount();

    useSession.getState().signIn(loginResultWith({ platformAdmin: true }, []));
    renderApp('/checkLog');
    expect(await searchBox()).toBeTruthy();
  });
});
