// Journey: pages with no network (issue 30). The case list and a task page, opened online, lose the network: a load
// they start then says the device is offline (never "Invalid request"), the task page keeps the task it shows, and
// once the network is back both load again by themselves, with no reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE } from '../../src/client/api/http';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTask } from '../support/e2e-data';
import { shoot } from '../support/e2e-shots';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline pages', () => {
  it('say the device is offline, keep what they show, and recover when the network is back', async () => {
    const word = `Off${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1000)}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const { caseId } = await clientWithTask(page.request, `${word} Clinic`, 'Rack the switch');

    // The case list, found by the client's word.
    await page.goto(`/manage/case?q=${word}`);
    const row = page.getByRole('row').filter({ hasText: `${word} Clinic` });
    await row.first().waitFor();
    const offline = page.getByText(OFFLINE_MESSAGE);

    await context.setOffline(true);
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await offline.waitFor();
    expect(await page.getByText('Invalid request').count()).toBe(0);

    // Back online, the list asks again by itself.
    await context.setOffline(false);
    await offline.waitFor({ state: 'detached' });
    await row.first().waitFor();
    expect(new URL(page.url()).searchParams.get('status')).not.toBe('OPEN');

    // The task page, opened online through the case's tasks.
    await row
      .first()
      .getByRole('link', { name: `${word} Clinic support` })
      .click();
    await page.getByRole('link', { name: 'Rack the Switch' }).click();
    const title = page.getByRole('heading', { level: 1, name: 'Rack the Switch' });
    // The Basics tab's own form (the Slips tab's header has the same title).
    const basics = page.getByRole('form', { name: 'Task' }).getByText('Rack the Switch');
    await basics.waitFor();
    // Its Slips tab once online, so the way back to Basics needs no new code offline.
    const tabs = page.getByRole('navigation', { name: 'Task' });
    await tabs.getByRole('link', { name: 'Slips' }).click();
    await page.waitForURL(/\/slip/);
    await tabs.getByRole('link', { name: 'Basics' }).click();
    await basics.waitFor();

    await context.setOffline(true);
    await tabs.getByRole('link', { name: 'Slips' }).click();
    await page.waitForURL(/\/slip/);
    await tabs.getByRole('link', { name: 'Basics' }).click();
    // The task loads again on opening: it fails, says why, and the task already loaded stays on screen.
    await basics.waitFor();
    await offline.waitFor();
    await title.waitFor();
    expect(await page.getByText('Invalid request').count()).toBe(0);
    await shoot(page, 'offline-task');

    await context.setOffline(false);
    await offline.waitFor({ state: 'detached' });
    await title.waitFor();
    expect(new URL(page.url()).pathname).toContain(`/manage/case/${caseId}/task/`);
    await context.close();
  });
});
