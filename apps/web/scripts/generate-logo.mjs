// Regenerates public/logo.png (192×192, the header/footer logo and PNG icon) from public/logo.svg.
// Run by hand after editing the SVG: `npm run generate:logo -w apps/web`; the PNG is committed.
import sharp from "sharp";
import { fileURLToPath } from "node:url";

const pub = (f) => fileURLToPath(new URL(`../public/${f}`, import.meta.url));
await sharp(pub("logo.svg"), { density: 576 })
  .resize(192, 192)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(pub("logo.png"));
console.log("wrote public/logo.png");
