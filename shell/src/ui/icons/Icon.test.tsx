/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { mirroredSvg } from './Icon';

describe('mirroredSvg', () => {
  it("flips the drawing about the viewBox's middle, inside the SVG", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M8 6l6 6-6 6"/></svg>';
    expect(mirroredSvg(svg)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="matrix(-1 0 0 1 24 0)"><path d="M8 6l6 6-6 6"/></g></svg>');
    expect(mirroredSvg('<svg viewBox="2 0 20 20"><path/></svg>')).toBe('<svg viewBox="2 0 20 20"><g transform="matrix(-1 0 0 1 24 0)"><path/></g></svg>');
  });

  it('leaves an SVG without a readable viewBox as it is', () => {
    expect(mirroredSvg('<svg width="24"><path/></svg>')).toBe('<svg width="24"><path/></svg>');
  });
});
