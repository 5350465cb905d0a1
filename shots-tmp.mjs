import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3111';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(process.env.USER_EMAIL ?? 'tech01@sd6.local');
  await page.getByLabel('Password').fill('sd6-demo-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `/work/scratch/shots/${name}_${width}.png`, fullPage: process.env.FULL !== '0' });
  }
  await ctx.close();
}
await browser.close();
