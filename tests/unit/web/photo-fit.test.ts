import { describe, expect, it } from 'vitest';
import { photoSide, squarePhotoFit } from '@web/lib/upload';

describe('photos that fit: the centre square and its size before upload', () => {
  it('a 4032×3024 phone photo keeps its middle 3024 px square, drawn at 200 px', () => {
    expect(squarePhotoFit(4032, 3024)).toEqual({ sx: 504, sy: 0, sourceSide: 3024, side: 200, changes: true });
  });

  it('a portrait photo is cropped top and bottom', () => {
    expect(squarePhotoFit(3024, 4032)).toEqual({ sx: 0, sy: 504, sourceSide: 3024, side: 200, changes: true });
  });

  it('an odd difference rounds the offset down, within the image', () => {
    const fit = squarePhotoFit(121, 80)!;
    expect(fit).toEqual({ sx: 20, sy: 0, sourceSide: 80, side: 80, changes: true });
    expect(fit.sx + fit.sourceSide).toBeLessThanOrEqual(121);
  });

  it('a square within the rule is uploaded as it is', () => {
    expect(squarePhotoFit(100, 100)).toMatchObject({ side: 100, changes: false });
    expect(squarePhotoFit(photoSide.min, photoSide.min)).toMatchObject({ side: 50, changes: false });
    expect(squarePhotoFit(photoSide.max, photoSide.max)).toMatchObject({ side: 200, changes: false });
  });

  it('a large square shrinks to the largest allowed side; a small one grows to the smallest', () => {
    expect(squarePhotoFit(201, 201)).toMatchObject({ sx: 0, sy: 0, sourceSide: 201, side: 200, changes: true });
    expect(squarePhotoFit(40, 30)).toEqual({ sx: 5, sy: 0, sourceSide: 30, side: 50, changes: true });
  });

  it('every fit lands within the rule and inside the source image', () => {
    for (const [width, height] of [[1, 1], [49, 500], [50, 51], [199, 4000], [8000, 6000], [640, 480]] as const) {
      const fit = squarePhotoFit(width, height)!;
      expect(fit.side).toBeGreaterThanOrEqual(photoSide.min);
      expect(fit.side).toBeLessThanOrEqual(photoSide.max);
      expect(fit.sx + fit.sourceSide).toBeLessThanOrEqual(width);
      expect(fit.sy + fit.sourceSide).toBeLessThanOrEqual(height);
    }
  });

  it('an image without pixels has no fit', () => {
    expect(squarePhotoFit(0, 100)).toBeNull();
    expect(squarePhotoFit(Number.NaN, 100)).toBeNull();
  });
});
