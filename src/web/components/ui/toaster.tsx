import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/** The product's toasts are at most this wide (sonner's own default is 356 px). */
export const TOAST_MAX_WIDTH = 350;

const toasterStyle = { '--width': `${TOAST_MAX_WIDTH}px` } as CSSProperties;

/** sonner's toaster at the product's width: every page that shows toasts renders this one. */
export function AppToaster() {
  return <Toaster position="bottom-center" style={toasterStyle} />;
}
