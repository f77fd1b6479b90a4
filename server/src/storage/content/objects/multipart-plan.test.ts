import { describe, expect, it } from '@jest/globals';
import type { PartPlan, Piece } from './multipart-plan';
import { MAX_PART_BYTES, MIN_PART_BYTES, planParts } from './multipart-plan';

const MiB = 1024 * 1024;
const piece = (key: string, size: number): Piece => ({ key, size });

/** The plan as `copy key start-end` / `upload key start-end + …` lines. */
function describePlan(parts: PartPlan[]): string[] {
  return parts.map((part) =>
    part.kind === 'copy'
      ? `copy ${part.range.piece.key} ${part.range.start}-${part.range.end}`
      : `upload ${part.ranges.map((range) => `${range.piece.key} ${range.start}-${range.end}`).join(' + ')}`,
  );
}

describe('planParts (S3 multipart assembly of stored chunks)', () => {
  it('copies pieces of 5 MiB and more as they are', () => {
    const parts = planParts([piece('1', 10 * MiB), piece('2', 10 * MiB), piece('3', 3 * MiB)]);
    expect(describePlan(parts)).toEqual([`copy 1 0-${10 * MiB - 1}`, `copy 2 0-${10 * MiB - 1}`, `upload 3 0-${3 * MiB - 1}`]);
  });

  it('combines small chunks into parts of exactly 5 MiB, only the last one smaller', () => {
    const pieces = Array.from({ length: 12 }, (_, i) => piece(String(i + 1), 1 * MiB));
    const parts = planParts(pieces);
    expect(parts.map((part) => part.size)).toEqual([5 * MiB, 5 * MiB, 2 * MiB]);
    expect(parts.every((part) => part.kind === 'upload')).toBe(true);
  });

  it('completes a run of small chunks with the head of a big one and copies the rest of it', () => {
    const parts = planParts([piece('a', 2 * MiB), piece('b', 20 * MiB), piece('c', 1)]);
    expect(describePlan(parts)).toEqual([`upload a 0-${2 * MiB - 1} + b 0-${3 * MiB - 1}`, `copy b ${3 * MiB}-${20 * MiB - 1}`, 'upload c 0-0']);
  });

  it('starts a new run with the tail of a big piece when that tail is under 5 MiB', () => {
    const half = MiB / 2;
    const parts = planParts([piece('a', 4 * MiB), piece('b', 5 * MiB + half), piece('c', 6 * MiB)]);
    expect(describePlan(parts)).toEqual([
      `upload a 0-${4 * MiB - 1} + b 0-${MiB - 1}`,
      `upload b ${MiB}-${5 * MiB + half - 1} + c 0-${half - 1}`,
      `copy c ${half}-${6 * MiB - 1}`,
    ]);
    expect(parts.slice(0, -1).every((part) => part.size >= MIN_PART_BYTES)).toBe(true);
  });

  it('never plans a part under 5 MiB but the last, over mixed sizes, and covers every byte once in order', () => {
    const sizes = [0, 1, 5 * MiB - 1, 5 * MiB, 3, 7 * MiB, 0, 2 * MiB, 5 * MiB + 1, 123_456, 9 * MiB];
    const pieces = sizes.map((size, i) => piece(`p${i}`, size));
    const parts = planParts(pieces);
    for (const part of parts.slice(0, -1)) expect(part.size).toBeGreaterThanOrEqual(MIN_PART_BYTES);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(sizes.reduce((sum, size) => sum + size, 0));
    // Ranges follow each other: each starts where the previous one of its piece ended.
    const seen = new Map<string, number>();
    let lastPiece = -1;
    for (const range of parts.flatMap((part) => (part.kind === 'copy' ? [part.range] : part.ranges))) {
      const index = Number(range.piece.key.slice(1));
      expect(index).toBeGreaterThanOrEqual(lastPiece);
      lastPiece = index;
      expect(range.start).toBe(seen.get(range.piece.key) ?? 0);
      seen.set(range.piece.key, range.end + 1);
    }
    for (const p of pieces) expect(seen.get(p.key) ?? 0).toBe(p.size);
  });

  it('plans nothing for no bytes (an empty object) and one small part for a small file', () => {
    expect(planParts([])).toEqual([]);
    expect(planParts([piece('1', 0), piece('2', 0)])).toEqual([]);
    expect(describePlan(planParts([piece('1', 10), piece('2', 20)]))).toEqual(['upload 1 0-9 + 2 0-19']);
  });

  it('splits a piece over 5 GiB into equal copied ranges', () => {
    const size = 2 * MAX_PART_BYTES + 10;
    const parts = planParts([piece('huge', size)]);
    expect(parts).toHaveLength(3);
    expect(parts.every((part) => part.kind === 'copy' && part.size <= MAX_PART_BYTES && part.size >= MIN_PART_BYTES)).toBe(true);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(size);
  });

  it('refuses more than 10,000 parts and invalid sizes', () => {
    expect(() => planParts(Array.from({ length: 10_001 }, (_, i) => piece(String(i), 5 * MiB)))).toThrow(RangeError);
    expect(() => planParts([piece('x', -1)])).toThrow(RangeError);
  });
});
