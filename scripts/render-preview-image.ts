// `npm run preview-image`: renders the preview image of links to the site (1200×630) from its source in
// Debian's Chromium (CHROMIUM_PATH), and records the source's digest in the PNG (scripts/preview-image.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { previewImageFile, previewImageSource, sourceDigest, withSourceDigest } from './preview-image';

const svg = readFileSync(previewImageSource, 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1200, height: 630 } });
  writeFileSync(previewImageFile, withSourceDigest(png, sourceDigest(svg)));
  console.log(`${previewImageFile} rendered from ${previewImageSource}`);
} finally {
  await browser.close();
}
