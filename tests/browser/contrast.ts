/**
 * Colours as the browser computes them, and the WCAG 2 contrast ratio between them, for checks
 * that axe cannot make: the contrast of rings (non-text contrast, WCAG 1.4.11) and of text over
 * gradients.
 */

/** An sRGB colour, channels 0..1, with its alpha. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;
/** The colour forms Chromium computes: `rgb()`, `rgba()`, and `color(srgb …)` (what `color-mix(in srgb, …)` gives). */
const COLOUR = new RegExp(
  String.raw`rgba?\(\s*(${NUMBER})\s*,\s*(${NUMBER})\s*,\s*(${NUMBER})\s*(?:,\s*(${NUMBER})\s*)?\)` +
    String.raw`|color\(srgb\s+(${NUMBER})\s+(${NUMBER})\s+(${NUMBER})\s*(?:/\s*(${NUMBER})\s*)?\)`,
  'gi',
);

/** Every colour in a computed value (a gradient's stops, a shadow list), in order. Throws on a colour form it cannot read. */
export const coloursIn = (computed: string): Rgba[] => {
  const colours = [...computed.matchAll(COLOUR)].map(match => {
    const [r, g, b, a] = match[1] === undefined ? match.slice(5, 9) : match.slice(1, 5);
    const scale = match[1] === undefined ? 1 : 255;
    return { r: Number(r) / scale, g: Number(g) / scale, b: Number(b) / scale, a: a === undefined ? 1 : Number(a) };
  });
  const unread = computed.replace(COLOUR, '').match(/\b(?:hsla?|hwb|lab|lch|oklab|oklch|color)\(/i);
  if (unread) throw new Error(`unread colour form ${unread[0]} in ${computed}`);
  return colours;
};

export const parseColour = (computed: string): Rgba => {
  const [colour, ...rest] = coloursIn(computed);
  if (!colour || rest.length > 0) throw new Error(`not one colour: ${computed}`);
  return colour;
};

/** `top` painted over the opaque `bottom` (alpha compositing in sRGB, as the browser paints). */
export const over = (top: Rgba, bottom: Rgba): Rgba => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});

/** WCAG 2 relative luminance. */
const luminance = ({ r, g, b }: Rgba): number => {
  const linear = (channel: number): number => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export const contrastRatio = (first: Rgba, second: Rgba): number => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};
