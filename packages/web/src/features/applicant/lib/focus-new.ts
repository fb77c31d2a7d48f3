/**
 * Focus moves to content that replaced what the applicant pressed (issue 21 §5: Continue, Submit, Sign), so a keyboard
 * or screen-reader user is not left on a button that is gone: the first heading or focus target (tabIndex -1) inside
 * `root`, else its form, else `root` itself; made focusable by script (tabIndex -1), not put in the Tab order.
 */
export function focusNew(root: HTMLElement | null): void {
  if (!root) return;
  const target =
    root.querySelector<HTMLElement>('h2, h3, [tabindex="-1"]:not(input, select, textarea, button)') ??
    root.querySelector<HTMLElement>('form') ??
    root;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}
