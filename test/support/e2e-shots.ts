// Screenshots of what a journey's user sees, at desktop and phone widths, for the engineer to look at (never compared):
// .tmp/shots/<name>-desktop.png and -phone.png, each taken once the page's transitions have ended.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };

/** Waits until no CSS transition or animation runs (a dialog fading in, a side panel sliding in). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

export async function shoot(page: Page, name: string): Promise<void> {
  await mkdir('.tmp/shots', { recursive: true });
  // From the top: a full-page shot of a scrolled page paints the fixed top bar over the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await page.screenshot({ path: `.tmp/shots/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: `.tmp/shots/${name}-phone.png`, fullPage: true });
  if (size) {
    await page.setViewportSize(size);
    await settled(page);
  }
}
