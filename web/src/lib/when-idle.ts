/**
 * Runs `task` once the first screen has had its chance to paint: `delayMs` after the call, then
 * when the browser is idle. For warming code a later tap needs (the calendar, the availability
 * answer), which on a slow phone would otherwise be parsed while the villas' pictures wait to paint
 * (the largest paint). Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, delayMs = 1500): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 2000 });
    else task();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
