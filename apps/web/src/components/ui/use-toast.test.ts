import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, handOverToast, showHandedOverToast, toast, useToast } from './use-toast';
import { renderHook } from '@testing-library/react';

const current = () => renderHook(() => useToast()).result.current.toasts;

describe('a toast handed over to the next document (the /auth document leaving for the app)', () => {
  afterEach(() => {
    dismissToast();
    window.sessionStorage.clear();
  });

  it('shows the given toast once in the next document', () => {
    handOverToast({ title: 'Login successful', description: 'Welcome back, kay!', variant: 'success' });
    showHandedOverToast();
    expect(current()).toEqual([expect.objectContaining({ title: 'Login successful', description: 'Welcome back, kay!', variant: 'success', open: true })]);
    dismissToast();
    showHandedOverToast();
    expect(current().filter((t) => t.open)).toEqual([]);
  });

  it('takes the toast on screen along when given none, with its duration', () => {
    toast({ title: 'Payment Success!', variant: 'success', duration: 8000 });
    handOverToast();
    dismissToast();
    showHandedOverToast();
    expect(current().filter((t) => t.open)).toEqual([expect.objectContaining({ title: 'Payment Success!', variant: 'success', duration: 8000 })]);
  });

  it('hands nothing over when nothing is on screen, and ignores what is not a toast', () => {
    handOverToast();
    expect(window.sessionStorage.length).toBe(0);
    window.sessionStorage.setItem('members-only.toast', '{"nope":1}');
    showHandedOverToast();
    expect(current().filter((t) => t.open)).toEqual([]);
    expect(window.sessionStorage.length).toBe(0);
  });
});
