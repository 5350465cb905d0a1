// Draws the app's "SD6" mark and renders it once to the PNG icons of the web app manifest, the Apple touch icon and
// the favicon, in public/ (committed; run again only when the mark changes): node scripts/make-icons.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const THEME = '#1f2a37';
const ACCENT = '#3b82f6';
// The bundled DejaVu Sans Bold, so the mark renders the same whatever fonts the machine has.
const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const font = readFileSync(fontFile).toString('base64');

/**
 * The mark on a 512 × 512 canvas: "SD6" in white over an accent rule on the theme colour. `inset` scales it down
 * around the centre (maskable icons keep their content inside the central 80 %); `radius` rounds the corners
 * (0: a full square, for icons the platform masks itself).
 */
function mark({ inset = 1, radius = 96 }) {
  const s = inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="${THEME}"/>
  <g transform="translate(256 256) scale(${s}) translate(-256 -256)">
    <text x="256" y="300" text-anchor="middle" font-family="SD6 Mark" font-weight="700" font-size="176"
      letter-spacing="-6" fill="#ffffff">SD6</text>
    <rect x="120" y="338" width="272" height="22" rx="11" fill="${ACCENT}"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: mark({}) },
  { file: 'icons/icon-512.png', size: 512, svg: mark({}) },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: mark({ inset: 0.72, radius: 0 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: mark({ inset: 0.86, radius: 0 }) },
  { file: 'favicon.ico', size: 32, svg: mark({ inset: 1.12, radius: 64 }) },
];

/** A .ico holding one PNG image (every current browser reads PNG inside ICO). */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found (install the chromium package)');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  mkdirSync('public/icons', { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('width="512" height="512"', `width="${icon.size}" height="${icon.size}"`);
    await page.setContent(
      `<style>@font-face{font-family:'SD6 Mark';src:url(data:font/ttf;base64,${font})}` +
        'html,body{margin:0;background:transparent}svg{display:block}</style>' +
        svg,
    );
    await page.evaluate(() => document.fonts.ready);
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    writeFileSync(`public/${icon.file}`, icon.file.endsWith('.ico') ? icoOf(png, icon.size) : png);
    await page.close();
  }
} finally {
  await browser.close();
}
