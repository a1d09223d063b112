/** WCAG 2 colour contrast for #rrggbb colours. Plain functions, no imports: the server pages and the web use them. */

const minimumRatio = 4.5;

function channelsOf(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

function luminanceOf([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two #rrggbb colours (1 to 21); 1 when either is not a #rrggbb colour. */
export function contrastRatio(first: string, second: string): number {
  const a = channelsOf(first);
  const b = channelsOf(second);
  if (!a || !b) return 1;
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour, readable against white (WCAG AA, 4.5:1) both as a surface under white text and as text on white:
 * unchanged when it already is, else darkened (every channel scaled alike, so the hue stays) just enough.
 * Not a #rrggbb colour: black.
 */
export function readableAgainstWhite(hex: string): string {
  const channels = channelsOf(hex);
  if (!channels) return '#000000';
  // A little above 4.5 so rounding in a browser's or checker's arithmetic never lands under it.
  const target = minimumRatio + 0.1;
  for (let scale = 1; scale > 0; scale -= 0.01) {
    const scaled = channels.map((value) => Math.round(value * scale)) as [number, number, number];
    if (1.05 / (luminanceOf(scaled) + 0.05) >= target) {
      return scale === 1 ? hex.trim().toLowerCase() : `#${scaled.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return '#000000';
}
