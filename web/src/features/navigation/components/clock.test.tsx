import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../../shared/testing/render';
import { Clock } from './clock';

describe('the navigation sidebar clock (NAV-59)', () => {
  beforeEach(() => {
    // The clock's time is the test's: a second passes when the test says so, not by waiting.
    vi.useFakeTimers({ now: new Date('2026-11-29T16:04:58.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('NAV-59 shows the time with seconds and moves on every second by itself', () => {
    renderComponent(<Clock />);
    const clock = screen.getByTestId('nav-clock');
    expect(clock.getAttribute('datetime')).toBe('2026-11-29T16:04:58.000Z');
    const first = clock.textContent;
    expect(first).toMatch(/\d{2}:\d{2}:\d{2}/);

    act(() => vi.advanceTimersByTime(1_000));
    expect(clock.getAttribute('datetime')).toBe('2026-11-29T16:04:59.000Z');
    expect(clock.textContent).not.toBe(first);

    act(() => vi.advanceTimersByTime(2_000));
    expect(clock.getAttribute('datetime')).toBe('2026-11-29T16:05:01.000Z');
  });

  it('NAV-59 says the day and month in words', () => {
    renderComponent(<Clock />);
    expect(screen.getByText(/Sunday/)).toBeTruthy();
    expect(screen.getByText(/November/)).toBeTruthy();
  });

  it('NAV-59 stops ticking once it is gone (no timer left behind)', () => {
    const { unmount } = renderComponent(<Clock />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
