import { SESSION_ALERT_MS, SESSION_TIMEOUT_MS } from '@under/core/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionTimer } from './session-timer';

function setup() {
  const onAlert = vi.fn();
  const onTimeout = vi.fn();
  const onReset = vi.fn();
  const timer = createSessionTimer({ onAlert, onTimeout, onReset });
  return { timer, onAlert, onTimeout, onReset };
}

describe('createSessionTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec constants: alert at 2 h 50 min, sign-out at 3 h', () => {
    expect(SESSION_ALERT_MS).toBe(2 * 3_600_000 + 50 * 60_000);
    expect(SESSION_TIMEOUT_MS).toBe(3 * 3_600_000);
  });

  it('alerts at 2 h 50 min and times out at 3 h without activity', () => {
    const { timer, onAlert, onTimeout } = setup();
    timer.start();

    vi.advanceTimersByTime(SESSION_ALERT_MS - 1);
    expect(onAlert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAlert).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SESSION_TIMEOUT_MS - SESSION_ALERT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onAlert).toHaveBeenCalledTimes(1);
    expect(timer.isRunning()).toBe(false);
  });

  it('starts counting again on every server response', () => {
    const { timer, onAlert, onTimeout } = setup();
    timer.start();
    vi.advanceTimersByTime(SESSION_ALERT_MS - 1000);
    timer.reset();
    vi.advanceTimersByTime(SESSION_ALERT_MS - 1000);
    expect(onAlert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onAlert).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('closes the alert when activity comes after it (Stay signed in)', () => {
    const { timer, onAlert, onTimeout, onReset } = setup();
    timer.start();
    vi.advanceTimersByTime(SESSION_ALERT_MS);
    expect(onAlert).toHaveBeenCalledTimes(1);

    timer.reset();
    expect(onReset).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SESSION_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onAlert).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores responses while stopped (signed out) and never fires after stop', () => {
    const { timer, onAlert, onTimeout } = setup();
    timer.reset();
    expect(timer.isRunning()).toBe(false);
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(SESSION_TIMEOUT_MS * 2);
    expect(onAlert).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('times out even when the browser delayed the timer past both deadlines (sleeping laptop)', () => {
    const now = vi.fn(() => 0);
    const onAlert = vi.fn();
    const onTimeout = vi.fn();
    const timer = createSessionTimer({ onAlert, onTimeout, now });
    timer.start();
    now.mockReturnValue(SESSION_TIMEOUT_MS + 5 * 60_000);
    vi.advanceTimersByTime(SESSION_ALERT_MS);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onAlert).not.toHaveBeenCalled();
  });
});
