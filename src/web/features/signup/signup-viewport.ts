/** Bootstrap's md breakpoint: from here on sign-up is a modal, below it the full /signup page. */
const SIGNUP_MODAL_MIN_WIDTH = 768;

/** Desktop or tablet; false on the server, where the page is rendered for any width. */
export function isModalViewport(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return window.matchMedia(`(min-width: ${SIGNUP_MODAL_MIN_WIDTH}px)`).matches;
}

/** A smartphone-sized screen, the only place the activation reminder is shown. */
export function isSmartphoneViewport(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return !isModalViewport();
}
