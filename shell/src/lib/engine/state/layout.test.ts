import { describe, expect, it } from '@jest/globals';
import {
  BREADCRUMB_ICON_TEXT_MIN_WIDTH,
  GRID_BUFFER_ROWS,
  GRID_CELL_HEIGHT,
  GRID_CELL_WIDTH,
  GRID_PREVIEW_SIZE,
  LIST_BUFFER_ROWS,
  ROW_HEIGHT,
  WIDTH_LARGE,
  WIDTH_MEDIUM,
  WIDTH_SMALL,
  autoScrollStep,
  inlineBatchActionCount,
  isNarrowLayout,
  showsBreadcrumbIconText,
  showsCustomColumns,
  showsGridToggle,
  showsSizeAndModified,
  sidebarOpensByItself,
} from './layout';

describe('layout sizes', () => {
  it('has 55 px rows, 198 × 246 px grid cells with a 166 px preview', () => {
    expect(ROW_HEIGHT).toBe(55);
    expect([GRID_CELL_WIDTH, GRID_CELL_HEIGHT, GRID_PREVIEW_SIZE]).toEqual([198, 246, 166]);
  });
  it('buffers 3 rows in the list and one row in the grid', () => {
    expect(LIST_BUFFER_ROWS).toBe(3);
    expect(GRID_BUFFER_ROWS).toBe(1);
  });
  it('uses the width thresholds 512, 768, 1024 and 486', () => {
    expect([WIDTH_SMALL, WIDTH_MEDIUM, WIDTH_LARGE, BREADCRUMB_ICON_TEXT_MIN_WIDTH]).toEqual([512, 768, 1024, 486]);
  });
});

describe('inlineBatchActionCount', () => {
  it('is 0 under 512, 1 under 768, 2 under 1024, else 3', () => {
    expect([0, 511, 512, 767, 768, 1023, 1024, 2000].map(inlineBatchActionCount)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});

describe('width rules', () => {
  it('hides custom columns, share and grid buttons below 512 px', () => {
    expect(showsCustomColumns(511)).toBe(false);
    expect(showsCustomColumns(512)).toBe(true);
    expect(isNarrowLayout(511)).toBe(true);
    expect(isNarrowLayout(512)).toBe(false);
  });
  it('shows the grid toggle from 512 px unless enable_non-accessible_features is false', () => {
    expect(showsGridToggle(511)).toBe(false);
    expect(showsGridToggle(512)).toBe(true);
    expect(showsGridToggle(900, false)).toBe(false);
  });
  it('hides size, modified and inline actions below 768 px', () => {
    expect(showsSizeAndModified(767)).toBe(false);
    expect(showsSizeAndModified(768)).toBe(true);
  });
  it('shows the breadcrumb icon text at 486 px or more', () => {
    expect(showsBreadcrumbIconText(485)).toBe(false);
    expect(showsBreadcrumbIconText(486)).toBe(true);
  });
  it('opens the sidebar by itself only above 1024 px', () => {
    expect(sidebarOpensByItself(1024)).toBe(false);
    expect(sidebarOpensByItself(1025)).toBe(true);
  });
});

describe('autoScrollStep', () => {
  const top = 100;
  const bottom = 700;
  it('scrolls up 25 px within 100 px of the top', () => {
    expect(autoScrollStep(150, top, bottom)).toBe(-25);
    expect(autoScrollStep(199, top, bottom)).toBe(-25);
  });
  it('scrolls down 25 px within 50 px of the bottom', () => {
    expect(autoScrollStep(651, top, bottom)).toBe(25);
    expect(autoScrollStep(700, top, bottom)).toBe(25);
  });
  it('does not scroll in between', () => {
    expect(autoScrollStep(200, top, bottom)).toBe(0);
    expect(autoScrollStep(650, top, bottom)).toBe(0);
  });
});
