import { describe, expect, it } from '@jest/globals';
import { isValidSvg } from './svg';

describe('isValidSvg', () => {
  it.each([
    ['a plain svg element', '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'],
    ['surrounding whitespace', '\n  <svg viewBox="0 0 1 1"></svg>\n'],
    ['an XML prolog', '<?xml version="1.0" encoding="UTF-8"?>\n<svg></svg>'],
    ['comments before and after', '<!-- icon --><svg><g/></svg><!-- end -->'],
    ['a doctype', '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg></svg>'],
    ['a self-closing root', '<svg xmlns="http://www.w3.org/2000/svg" />'],
    ['upper-case tag names', '<SVG></SVG>'],
  ])('accepts %s', (_case, svg) => {
    expect(isValidSvg(svg)).toBe(true);
  });

  it.each([
    ['a non-string', 42],
    ['undefined', undefined],
    ['an empty string', ''],
    ['blank text', '   '],
    ['another element', '<div><svg></svg></div>'],
    ['an element merely starting with svg', '<svgx></svgx>'],
    ['a missing closing tag', '<svg><path/>'],
    ['text after the svg', '<svg></svg> trailing'],
    ['a class name', 'icon-folder'],
    ['a script element', '<svg><script>alert(1)</script></svg>'],
    ['an event-handler attribute', '<svg onload="alert(1)"></svg>'],
    ['a javascript: URL', '<svg><a href="javascript:alert(1)"><path/></a></svg>'],
    ['a self-closing svg followed by more markup', '<svg/><path/>'],
  ])('refuses %s', (_case, value) => {
    expect(isValidSvg(value)).toBe(false);
  });
});
