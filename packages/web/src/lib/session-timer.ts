import { SESSION_ALERT_MS, SESSION_TIMEOUT_MS } from '@under/core/constants';

/**
 * Inactivity timer of spec 1 §4 / §9: the server ends a session 3 hours after its last answer; the page
 * warns at 2 h 50 min and signs out at 3 h. Every server response calls reset().
 * Deadlines are checked against the clock when a timer fires, because browsers delay timers of hidden
 * tabs and sleeping laptops: a late timer must still see that the 3 hours are over.
 */
interface SessionTimerOptions {
  alertMs?: number;
  timeoutMs?: number;
  /** 10 minutes (by default) before the end: ask the user whether to stay. */
  onAlert: () => void;
  /** The session is over: sign out and go to login. */
  onTimeout: () => void;
  /** Activity after the alert: the alert can close. */
  onReset?: () => void;
  now?: () => number;
}

export interface SessionTimer {
  /** Starts counting from now (sign-in, session restored). */
  start(): void;
  /** Activity: counts again from now. Ignored while stopped. */
  reset(): void;
  stop(): void;
  isRunning(): boolean;
}

export function createSessionTimer(options: SessionTimerOptions): SessionTimer {
  const { alertMs = SESSION_ALERT_MS, timeoutMs = SESSION_TIMEOUT_MS, onAlert, onTimeout, onReset } = options;
  const now = options.now ?? (() => Date.now());
  let lastActivity = 0;
  let running = false;
  let hasAlerted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function clear() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function check() {
    clear();
    if (!running) return;
    const elapsed = now() - lastActivity;
    if (elapsed >= timeoutMs) {
      running = false;
      onTimeout();
      return;
    }
    if (elapsed >= alertMs && !hasAlerted) {
      hasAlerted = true;
      onAlert();
    }
    const nextDeadline = hasAlerted ? timeoutMs : alertMs;
    timer = setTimeout(check, Math.max(0, nextDeadline - elapsed));
  }

  function start() {
    running = true;
    lastActivity = now();
    const wasAlerted = hasAlerted;
    hasAlerted = false;
    check();
    if (wasAlerted) onReset?.();
  }

  return {
    start,
    reset() {
      if (running) start();
    },
    stop() {
      running = false;
      hasAlerted = false;
      clear();
    },
    isRunning: () => running,
  };
}
