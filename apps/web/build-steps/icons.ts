// Favicon (SVG, 32×32 PNG, ICO), apple-touch-icon (180×180) and the manifest icons (192, 512, maskable),
// all from one brand mark; plus /logo.png when public/ does not supply one.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { brand, iconFiles } from "../app/lib/brand";
import { brandMarkSvg } from "./brand-mark";

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** A .ico holding one PNG image (supported by every browser since Vista-era IE). */
function icoFromPng(pngBuf: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(pngBuf.length, 14);
  header.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([header, pngBuf]);
}

/** Writes the icon files; returns their URL paths. */
export async function writeIcons(clientDir: string): Promise<string[]> {
  const tile = brandMarkSvg({ themeColor: brand.themeColor });
  const square = brandMarkSvg({ themeColor: brand.themeColor, rounded: false, padding: 4 });
  const maskable = brandMarkSvg({ themeColor: brand.themeColor, rounded: false, padding: 12 });
  const out = (p: string) => path.join(clientDir, p.replace(/^\//, ""));

  const png32 = await png(tile, 32);
  const files: Record<string, string | Buffer> = {
    [iconFiles.svg]: tile,
    [iconFiles.png32]: png32,
    "/favicon.ico": icoFromPng(png32, 32),
    [iconFiles.appleTouch]: await png(square, 180),
    "/icon-192.png": await png(tile, 192),
    "/icon-512.png": await png(tile, 512),
    "/icon-maskable-512.png": await png(maskable, 512),
  };
  // The spec serves the logo from /logo.png; a supplied public/logo.png always wins.
  if (!existsSync(out("/logo.png"))) files["/logo.png"] = await png(square, 512);
  await Promise.all(Object.entries(files).map(([p, data]) => writeFile(out(p), data)));
  return Object.keys(files);
}
