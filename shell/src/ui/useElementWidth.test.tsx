/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { useElementWidth } from './useElementWidth';

/** An element that reports `width` as its clientWidth (jsdom lays nothing out). */
function elementOf(width: number): HTMLElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => width });
  return element;
}

describe('useElementWidth', () => {
  it('answers the fallback without an element, and the width in the very render that receives one', () => {
    const seen: number[] = [];
    function Probe({ element }: { element: HTMLElement | null }) {
      seen.push(useElementWidth(element, 1024));
      return null;
    }
    const { rerender } = render(<Probe element={null} />);
    expect(seen).toEqual([1024]);
    seen.length = 0;
    rerender(<Probe element={elementOf(1187)} />);
    // No committed render at the fallback width before the measured one.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((width) => width === 1187)).toBe(true);
  });

  it('keeps the last width for an element that reports none (not laid out)', () => {
    const seen: number[] = [];
    function Probe({ element }: { element: HTMLElement | null }) {
      seen.push(useElementWidth(element, 900));
      return null;
    }
    const { rerender } = render(<Probe element={elementOf(640)} />);
    rerender(<Probe element={elementOf(0)} />);
    expect(seen[seen.length - 1]).toBe(640);
  });
});
