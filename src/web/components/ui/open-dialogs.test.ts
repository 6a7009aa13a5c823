import { describe, expect, it, vi } from 'vitest';
import { closeInnermostDialog, registerOpenDialog } from './open-dialogs';

describe('open dialogs', () => {
  it('closes the innermost dialog first, then the one beneath, then reports none', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const unregisterOuter = registerOpenDialog(outer);
    const unregisterInner = registerOpenDialog(inner);
    expect(closeInnermostDialog()).toBe(true);
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
    unregisterInner();
    expect(closeInnermostDialog()).toBe(true);
    expect(outer).toHaveBeenCalledOnce();
    unregisterOuter();
    expect(closeInnermostDialog()).toBe(false);
  });
});
