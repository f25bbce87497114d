import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WallClock } from './wall-clock';

afterEach(() => vi.useRealTimers());

describe('WallClock', () => {
  it('shows the date and time in the order asked for, under the page’s classes, and ticks every second', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 2, 14, 9, 5, 7));
    const { container, unmount } = render(
      <>
        <WallClock className="dc-clock" order="date-time" />
        <WallClock className="board-clock" order="time-date" />
      </>,
    );
    const [dashboard, board] = screen.getAllByLabelText('当前时间');
    expect(dashboard!.getAttribute('datetime')).toBe('2026-03-14T09:05:07');
    expect([...dashboard!.children].map((part) => part.className)).toEqual(['dc-clock__date', 'dc-clock__time']);
    expect([...board!.children].map((part) => part.className)).toEqual(['board-clock__time', 'board-clock__date']);
    expect(container.querySelector('.board-clock__time')?.textContent).toBe('09:05:07');

    act(() => vi.advanceTimersByTime(1000));
    expect(container.querySelector('.dc-clock__time')?.textContent).toBe('09:05:08');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
