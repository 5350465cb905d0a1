// Journey: an administrator adds a webhook endpoint on /admin/webhooks pointing at a real receiver on loopback, sees
// its signing secret once, sends the test event (Delivered, 200, and the receiver verifies the Standard Webhooks
// signature), sees a failure when the receiver answers 500 (its Retry-After honored), the retry getting through on
// its own, and redelivers; a 410 Gone gets the endpoint disabled by SD6 (shown with its reason) until an
// administrator enables it; an address that is not HTTPS is refused under its field. Phones: the screens fit 390 px.
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_HTTPS } from '../../src/server/platform/webhooks/address';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { shoot } from '../support/e2e-shots';
import { layoutProblems } from '../support/layout-probe';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver';

let browser: Browser;
// Each try of the journey has a receiver of its own: an endpoint a failed try left behind (and its retries) sends to
// its own receiver, never into the next try's count. All stay open until the end, so no port is reused meanwhile.
let receiver: Receiver;
const receivers: Receiver[] = [];
const newReceiver = async () => {
  receiver = await startReceiver();
  receiver.fallback = { status: 200 };
  receivers.push(receiver);
};
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const urlField = (page: Page) => page.getByLabel(/^Endpoint URL/);
const urlError = (page: Page) => page.locator('[data-field="url"] .invalid-feedback');

/** The signed body the receiver got, verified with the endpoint's secret (throws when the signature is wrong). */
function verified(secret: string, request: Received): { type: string } {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
  );
  return new Webhook(secret).verify(request.body, headers) as { type: string };
}

describe('webhooks', () => {
  it('adds an endpoint, shows its secret once, tests, fails, redelivers, and refuses plain http', async () => {
    await newReceiver();
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New Endpoint' }).click();
    await page.waitForURL('**/admin/webhooks/create');
    await page.getByRole('heading', { name: 'New Endpoint' }).waitFor();

    // A public address without https is refused, under the field. (With no DNS on the machine example.com is
    // refused as unknown instead; an address given by its number is checked without DNS.)
    await urlField(page).fill('http://example.com/hook');
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await urlError(page).waitFor();
    expect(await urlError(page).textContent()).toMatch(/https:\/\/|could not be found/);
    await urlField(page).fill('http://1.1.1.1/hook');
    await page.getByRole('button', { name: 'Save' }).click();
    await urlError(page).getByText(NOT_HTTPS).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/webhooks/create');
    await shoot(page, 'webhooks-refused');

    await urlField(page).fill(receiver.url);
    await page.getByLabel(/^Description/).fill('The journey’s receiver');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/webhooks\/\d+$/);
    const panel = page.getByTestId('webhook-secret-panel');
    await panel.getByText('it will not be shown again').waitFor();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shoot(page, 'webhooks-created');
    const endpointPath = new URL(page.url()).pathname;

    // Shown once: not after dismissing it, nor when the screen is opened again.
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await page.getByTestId('webhook-secret-panel').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // The test event: delivered, 200, signed with the secret.
    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByTestId('test-result');
    await result.getByText('Delivered').waitFor();
    expect(await result.textContent()).toContain('HTTP 200');
    expect(receiver.requests).toHaveLength(1);
    expect(verified(secret, receiver.requests[0]!).type).toBe('webhook.test');
    expect(() => verified('whsec_d3JvbmcgLSB3cm9uZyAtIHdyb25nIC0gd3Jvbmc=', receiver.requests[0]!)).toThrow();
    const log = page.getByRole('table', { name: 'Deliveries' });
    const rows = log.getByTestId('delivery-row');
    await rows.filter({ hasText: 'webhook.test' }).filter({ hasText: 'Delivered' }).first().waitFor();

    // The receiver breaks: the test says so, and the log shows the delivery being retried. It asks for the retry no
    // sooner than 15 s (Retry-After), so the failing state is still there to be seen on a slow machine, and answers
    // that retry 200 by itself.
    receiver.answers.push({ status: 500, headers: { 'retry-after': '15' } });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await result.getByText('HTTP 500').waitFor();
    const before = receiver.requests.length;
    expect(await result.textContent()).toMatch(/Retrying|Failed/);
    await rows.filter({ hasText: '500' }).first().waitFor();
    await page.getByTestId('failing-since').waitFor();
    await shoot(page, 'webhooks-failing');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(layoutProblems)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // It answers again: the retry gets through on its own, and Redeliver sends the same message once more.
    const retried = rows.first();
    await retried.getByText('Delivered').waitFor({ timeout: 40_000 });
    await page.getByTestId('failing-since').waitFor({ state: 'detached' });
    const count = await rows.count();
    await retried.getByRole('button', { name: /Redeliver/ }).click();
    await page
      .getByTestId('redeliver-result')
      .getByText(/Redelivered as #\d+/)
      .waitFor();
    // The redelivery is a delivery of its own, newest first, and reaches the receiver with the same webhook-id.
    await expect.poll(() => rows.count()).toBe(count + 1);
    await rows.first().getByText('Delivered').waitFor();
    // The retry and the redelivery.
    await receiver.received(before + 2);
    const redelivered = receiver.requests.at(-1)!;
    expect(verified(secret, redelivered).type).toBe('webhook.test');
    expect(redelivered.headers['webhook-id']).toBe(receiver.requests.at(-2)!.headers['webhook-id']);

    // A delivery opens with its payload exactly as the receiver got it, and its attempts.
    await rows.nth(1).getByRole('button', { name: 'webhook.test', exact: true }).click();
    const detail = page.getByTestId('delivery-detail');
    const payload = detail.getByTestId('delivery-payload');
    await payload.waitFor();
    expect(receiver.requests.map((r) => r.body)).toContain(await payload.textContent());
    await detail.getByRole('table', { name: 'Attempts' }).waitFor();
    await shoot(page, 'webhooks-delivery');
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    // 410 Gone: SD6 disables the endpoint, and says why where the endpoint is shown.
    receiver.fallback = { status: 410 };
    await page.getByRole('button', { name: 'Send test event' }).click();
    await result.getByText('HTTP 410').waitFor();
    const disabled = page.getByTestId('disabled-by-sd6');
    await disabled.getByText('Disabled by SD6: The endpoint answered 410 Gone').waitFor();
    await page.goto('/admin/webhooks');
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await row.getByTestId('disabled-by-sd6').getByText('410 Gone').waitFor();
    await shoot(page, 'webhooks-list-disabled');

    // Enabled again by an administrator (a PUT with the endpoint's version); the history has both changes.
    receiver.fallback = { status: 200 };
    await row.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Enabled').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.locator('.badge').getByText('Enabled', { exact: true }).first().waitFor();
    expect(await disabled.count()).toBe(0);
    await page.goto('/admin/webhooks');
    await row.getByText('Enabled', { exact: true }).waitFor();
    await shoot(page, 'webhooks-list');
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**${endpointPath}/history`);
    const history = page.getByRole('table');
    await history.getByRole('cell', { name: 'Disabled by SD6', exact: true }).first().waitFor();
    await shoot(page, 'webhooks-history');
    await context.close();
  }, 120_000);

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin');
    await page.goto('/admin/webhooks');
    const first = page.getByRole('row').filter({ hasText: receiver.url }).getByRole('link').first();
    await first.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await first.click();
    await page.getByRole('button', { name: 'Send test event' }).waitFor();
    await page.getByTestId('delivery-row').first().waitFor();
    expect(await page.evaluate(layoutProblems)).toEqual([]);
    // A delivery opens in a side panel the phone's width.
    await page
      .getByTestId('delivery-row')
      .first()
      .getByRole('button', { name: 'webhook.test', exact: true })
      .click();
    await page.getByTestId('delivery-payload').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: '.tmp/shots/webhooks-delivery-panel-phone.png' });
    expect(await fitsWidth(page)).toBe(true);
    await page.getByTestId('delivery-detail').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('delivery-detail').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Select all').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.goto('/admin/webhooks/create');
    await urlField(page).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
