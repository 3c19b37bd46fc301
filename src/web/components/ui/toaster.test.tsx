import { act, cleanup, render } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, TOAST_MAX_WIDTH } from './toaster.tsx';

describe('AppToaster', () => {
  afterEach(cleanup);

  it('shows toasts at most 350 px wide', async () => {
    const { container } = render(<AppToaster />);
    act(() => {
      toast('Credits added');
    });
    const list = await vi.waitUntil(() =>
      container.ownerDocument.querySelector<HTMLElement>('[data-sonner-toaster]'),
    );
    expect(TOAST_MAX_WIDTH).toBeLessThanOrEqual(350);
    expect(list.style.getPropertyValue('--width')).toBe('350px');
  });
});
