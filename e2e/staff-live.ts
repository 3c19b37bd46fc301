import type { Page, WebSocket } from '@playwright/test';
import type { StaffListChange } from '../src/shared/realtime/staff-events.ts';

/**
 * The back office's socket of a page, opened by the page's first live list: call before the
 * navigation that shows the list. The page's clock is stopped first (page.clock.install), so no
 * timer can read the list again: what changes it is the socket's event, whose read the test lets
 * happen with page.clock.runFor (the event's debounce), never the fallback poll.
 */
export async function stopClockAndAwaitStaffSocket(page: Page): Promise<() => Promise<WebSocket>> {
  await page.clock.install();
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/api/admin/realtime');
  return () => socket;
}

/** Resolves once the socket has received the list change, as the server sends it (ids and a kind only). */
export async function heardListChange(socket: WebSocket, change: StaffListChange): Promise<void> {
  await socket.waitForEvent('framereceived', {
    predicate: (frame) => {
      const event = JSON.parse(String(frame.payload)) as { type: string; change?: StaffListChange };
      return event.type === 'list_changed' && JSON.stringify(event.change) === JSON.stringify(change);
    },
  });
}

/** Lets the page's stopped clock run past the events' debounce (not as far as any poll). */
export const runPastDebounce = (page: Page) => page.clock.runFor(1_000);
