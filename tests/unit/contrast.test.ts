import { describe, expect, it } from 'vitest';
import { appHomePage } from '@server/domains/mobile-app/mobile-app.pages';
import type { MobileAppRow } from '@server/domains/mobile-app/mobile-app.service';
import { contrastRatio, readableAgainstWhite } from '@common/contrast';
import { readableOn } from '@web/features/mobile-app/phone-preview';

/** Hue in degrees (HSV), to show a darkened shade is the same colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (sector * 60 + 360) % 360;
}

describe('contrast', () => {
  it('measures the WCAG 2 ratio: black on white 21, the old brand orange under AA', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#ea580c')).toBeCloseTo(3.56, 2);
    expect(contrastRatio('#ffffff', '#F97316')).toBeCloseTo(2.8, 2);
    expect(contrastRatio('orange', '#ffffff')).toBe(1);
  });

  it.each(['#f97316', '#ea580c', '#facc15', '#ffffff', '#22c55e', '#38bdf8', '#ff00ff'])('darkens %s, same hue, just enough for white text (4.5:1)', (colour) => {
    const shade = readableAgainstWhite(colour);
    expect(contrastRatio('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', shade)).toBeLessThan(4.9);
    if (colour !== '#ffffff') expect(Math.abs(hue(shade) - hue(colour))).toBeLessThan(3);
  });

  it.each(['#1d4ed8', '#000000', '#7c2d12', '#b91c1c'])('keeps %s, already readable under white text', (colour) => {
    expect(readableAgainstWhite(colour)).toBe(colour);
  });
});

describe("the app settings' phone preview", () => {
  it.each(['#f97316', '#22c55e', '#38bdf8', '#ffffff', '#1d4ed8', '#7c2d12', '#000000'])('writes on %s in whichever of dark or white reads (at least 4.5:1)', (colour) => {
    expect(contrastRatio(readableOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the creator app page (/m/{tag}/)', () => {
  it('draws its header and buttons in the readable shade of the theme and keeps the chosen colour for the browser', () => {
    const app = { name: 'Mara Quill', themeColor: '#f97316', iconVersion: 1, hasCustomIcon: false } as unknown as MobileAppRow;
    const html = appHomePage(app, { id: 'c1', creatorTag: 'mara_quill', displayName: 'Mara Quill', description: '' }, null, []);
    expect(html).toContain(`--theme-strong:${readableAgainstWhite('#f97316')}`);
    expect(html).toContain('header{display:flex;align-items:center;gap:12px;padding:16px;color:#fff;background:var(--theme-strong)}');
    expect(html).toContain('<meta name="theme-color" content="#f97316">');
  });
});
