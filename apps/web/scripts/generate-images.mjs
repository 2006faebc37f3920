// Generates the site's illustrations (SVG) and the packages background (JPEG) into public/images.
// Run by hand with `npm run generate:images -w apps/web` after changing them; the outputs are committed.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as Lucide from "lucide-react";
import sharp from "sharp";
import { mkdirSync, writeFileSync } from "node:fs";

const out = new URL("../public/images/", import.meta.url);

const illustrations = {
  services: {
    "internet-services": ["Globe", "Mail", "Server"],
    "software-solutions": ["Code", "Braces", "Plug"],
    "mobile-app-development": ["Smartphone", "Tablet", "Bell"],
    "web-app-development": ["LayoutDashboard", "ChartColumn", "Lock"],
    "erp-consultation": ["Briefcase", "Workflow", "ChartPie"],
    "cctv-surveillance-solutions": ["Cctv", "Video", "Eye"],
    "hardware-solutions": ["Server", "Cpu", "Recycle"],
    "security-solutions": ["ShieldCheck", "KeyRound", "Fingerprint"],
  },
  products: {
    "ecommerce-platform": ["Store", "CreditCard", "Package"],
    "shopping-cart-system": ["ShoppingCart", "CreditCard", "Tag"],
    pos: ["Receipt", "Barcode", "Banknote"],
    "stock-management": ["Boxes", "ClipboardList", "TrendingUp"],
    "hr-management": ["Users", "CalendarDays", "Wallet"],
    "healthcare-management": ["HeartPulse", "Stethoscope", "CalendarCheck"],
    "warehouse-management": ["Warehouse", "Truck", "ScanBarcode"],
    "library-management": ["LibraryBig", "BookOpen", "Search"],
  },
};

const icon = (name, size, colour) => {
  const Icon = Lucide[name];
  if (!Icon) throw new Error(`No lucide icon ${name}`);
  return renderToStaticMarkup(createElement(Icon, { size, color: colour, strokeWidth: 1.5 })).replace(
    / class="[^"]*"/,
    "",
  );
};

/** 416×312 card: blue gradient, soft circles, one large icon on a white tile and two small ones. */
function illustration([main, a, b]) {
  const place = (svg, x, y) => svg.replace("<svg ", `<svg x="${x}" y="${y}" `);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="416" height="312" viewBox="0 0 416 312">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs>
<rect width="416" height="312" fill="url(#g)"/>
<circle cx="360" cy="40" r="110" fill="#60a5fa" opacity=".18"/><circle cx="40" cy="300" r="130" fill="#93c5fd" opacity=".12"/>
<g fill="none" stroke="#bfdbfe" stroke-opacity=".35"><path d="M0 250h416M0 210h416"/><path d="M70 0v312M346 0v312"/></g>
<rect x="138" y="86" width="140" height="140" rx="32" fill="#fff"/>
${place(icon(main, 80, "#1e40af"), 168, 116)}
<rect x="52" y="58" width="72" height="72" rx="20" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".35"/>
${place(icon(a, 36, "#ffffff"), 70, 76)}
<rect x="292" y="182" width="72" height="72" rx="20" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".35"/>
${place(icon(b, 36, "#ffffff"), 310, 200)}
</svg>
`;
}

for (const [dir, items] of Object.entries(illustrations)) {
  mkdirSync(new URL(`${dir}/`, out), { recursive: true });
  for (const [file, icons] of Object.entries(items)) {
    writeFileSync(new URL(`${dir}/${file}.svg`, out), illustration(icons));
  }
}

// Packages background: abstract blue gradient with soft light and a fine grid, 1920×1080.
const bg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
<defs>
<linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1f4d"/><stop offset=".55" stop-color="#1e3a8a"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient>
<radialGradient id="b" cx=".8" cy=".2" r=".6"><stop offset="0" stop-color="#60a5fa" stop-opacity=".55"/><stop offset="1" stop-color="#60a5fa" stop-opacity="0"/></radialGradient>
<radialGradient id="c" cx=".1" cy=".9" r=".5"><stop offset="0" stop-color="#38bdf8" stop-opacity=".35"/><stop offset="1" stop-color="#38bdf8" stop-opacity="0"/></radialGradient>
<pattern id="p" width="64" height="64" patternUnits="userSpaceOnUse"><path d="M64 0H0v64" fill="none" stroke="#bfdbfe" stroke-opacity=".08"/></pattern>
</defs>
<rect width="1920" height="1080" fill="url(#a)"/><rect width="1920" height="1080" fill="url(#b)"/><rect width="1920" height="1080" fill="url(#c)"/>
<rect width="1920" height="1080" fill="url(#p)"/>
<g fill="none" stroke="#93c5fd" stroke-opacity=".18" stroke-width="2"><circle cx="1500" cy="260" r="280"/><circle cx="1500" cy="260" r="420"/><circle cx="300" cy="900" r="340"/></g>
</svg>`;
mkdirSync(new URL("bg-images/", out), { recursive: true });
await sharp(Buffer.from(bg))
  .resize(1600, 900)
  .jpeg({ quality: 68, mozjpeg: true, progressive: true, chromaSubsampling: "4:2:0" })
  .toFile(new URL("bg-images/packages-bg.jpeg", out).pathname);
console.log("images written");
