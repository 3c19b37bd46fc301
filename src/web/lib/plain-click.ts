/**
 * A click the page may take over: the main button, no modifier, not handled already. A click with a
 * modifier (a new tab, a new window, a download) is left to the browser, which follows the link as it is.
 */
export const isPlainClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey;
