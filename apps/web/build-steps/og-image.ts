// build/client/og-image.png: the 1200×630 share image, rendered by sharp from an SVG template filled
// with company.ts facts (name, tagline, offices, founding year) and the brand mark.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { company } from "@site/content/data/company";
import { brand } from "../app/lib/brand";
import { brandMarkSvg } from "./brand-mark";

const W = 1200;
const H = 630;
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Greedy word wrap to at most `max` characters per line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function ogSvg(host: string): string {
  const font = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
  const tagline = wrap(company.tagline, 50).slice(0, 4);
  const mark = brandMarkSvg({ themeColor: brand.themeColor })
    .replace("<svg ", '<svg x="80" y="80" width="112" height="112" ')
    .replace(/ width="64" height="64"/, "");
  const offices = company.offices.map((o) => o.split(",").pop()?.trim()).join(" · ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/>
      <stop offset="1" stop-color="#1e3a8a"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect x="0" y="${H - 12}" width="${W}" height="12" fill="#3b82f6"/>
  ${mark}
  <text x="80" y="290" font-family="${font}" font-size="64" font-weight="700" fill="#ffffff">${esc(company.name)}</text>
  ${tagline
    .map(
      (l, i) =>
        `<text x="80" y="${360 + i * 46}" font-family="${font}" font-size="34" fill="#dbeafe">${esc(l)}</text>`,
    )
    .join("\n  ")}
  <text x="80" y="${H - 56}" font-family="${font}" font-size="26" font-weight="600" fill="#93c5fd">${esc(
    `${offices} · Since ${company.foundingYear}`,
  )}</text>
  <text x="${W - 80}" y="${H - 56}" text-anchor="end" font-family="${font}" font-size="26" fill="#93c5fd">${esc(host)}</text>
</svg>
`;
}

/** Writes og-image.png; returns its size in bytes. */
export async function writeOgImage(clientDir: string, siteUrl: string): Promise<number> {
  const buf = await sharp(Buffer.from(ogSvg(new URL(siteUrl).host)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(clientDir, "og-image.png"), buf);
  return buf.length;
}
