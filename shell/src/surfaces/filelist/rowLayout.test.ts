import { describe, expect, it } from '@jest/globals';
import { GRID_CELL_WIDTH } from '../../lib/engine';
import { GRID_ROW_PADDING, gridColumnCount } from './rowLayout';

describe('gridColumnCount', () => {
  it("counts only the cells that fit inside the grid row's padding", () => {
    expect(GRID_ROW_PADDING).toBe(8);
    // Two cells are 396 px: without the 16 px of padding they would overflow.
    expect(gridColumnCount(2 * GRID_CELL_WIDTH)).toBe(1);
    expect(gridColumnCount(2 * GRID_CELL_WIDTH + 16)).toBe(2);
    expect(gridColumnCount(1024)).toBe(5);
  });
  it('keeps at least one column on a narrow or unmeasured list', () => {
    expect(gridColumnCount(100)).toBe(1);
    expect(gridColumnCount(0)).toBe(1);
  });
});
