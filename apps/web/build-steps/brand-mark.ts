// The site's mark: a white bridge (arch, hangers, deck) on the brand colour. Paths only, no fonts,
// so it renders the same in every browser and in sharp. Used by the favicon, app icons and OG image.

export interface BrandMarkOptions {
  themeColor: string;
  /** Rounded-square tile (favicon) or full-bleed square (apple-touch, maskable). */
  rounded?: boolean;
  /** Extra inset of the drawing in viewBox units (maskable icons keep a safe zone). */
  padding?: number;
}

export function brandMarkSvg({ themeColor, rounded = true, padding = 0 }: BrandMarkOptions): string {
  const s = 64 + padding * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-padding} ${-padding} ${s} ${s}" width="${s}" height="${s}">
  <rect x="${-padding}" y="${-padding}" width="${s}" height="${s}" rx="${rounded ? 14 + padding : 0}" fill="${themeColor}"/>
  <g fill="none" stroke="#ffffff" stroke-linecap="round" stroke-linejoin="round">
    <path d="M12 40 C 18 20, 46 20, 52 40" stroke-width="5"/>
    <path d="M22 28.5 V40 M32 25.5 V40 M42 28.5 V40" stroke-width="3"/>
    <path d="M8 40 H56" stroke-width="5"/>
    <path d="M16 40 V50 M48 40 V50" stroke-width="4"/>
  </g>
</svg>
`;
}
