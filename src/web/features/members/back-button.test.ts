import { describe, expect, it } from 'vitest';
import { shouldShowBackButton } from './back-button.tsx';

const base = {
  routeIds: ['root', 'layouts/default-layout', 'member'],
  standalone: true,
  historyLength: 2,
  historyIndex: 1,
};

describe('shouldShowBackButton', () => {
  it('shows in the installed app on a listed route with history', () => {
    expect(shouldShowBackButton(base)).toBe(true);
    expect(shouldShowBackButton({ ...base, routeIds: ['root', 'likes-member'] })).toBe(true);
  });

  it('hides in a browser tab, on other routes, and without history', () => {
    expect(shouldShowBackButton({ ...base, standalone: false })).toBe(false);
    expect(shouldShowBackButton({ ...base, routeIds: ['root', 'routes/members'] })).toBe(false);
    expect(shouldShowBackButton({ ...base, historyLength: 1, historyIndex: 0 })).toBe(false);
  });

  it('counts a navigation inside the app as history', () => {
    expect(shouldShowBackButton({ ...base, historyLength: 1, historyIndex: 2 })).toBe(true);
    expect(shouldShowBackButton({ ...base, historyLength: 1, historyIndex: undefined })).toBe(false);
  });
});
