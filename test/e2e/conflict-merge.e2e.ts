// Journeys: two people (two browser contexts) edit one record at once and the second save meets the first. Fields
// each changed alone merge without a question; only a field both changed is asked about, and the merged record saves.
// On an organization (the generic record form), the own settings and a staff member (the two forms of their own).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { shoot } from '../support/e2e-shots';
import { makeAdmin, makeOrganization, makeUser } from '../support/factories';

let own: OwnApp;
let browser: Browser;
let ann: string;
let bob: string;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
  ann = (await makeAdmin(own.db.pool, { firstName: 'Ann', lastName: 'Archer' })).email;
  bob = (await makeAdmin(own.db.pool, { firstName: 'Bob', lastName: 'Łukasiewicz' })).email;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const pages: Page[] = [];
async function open(email: string, path: string): Promise<Page> {
  const page = await signInOwn(browser, own, email, { viewport: { width: 1280, height: 900 } });
  pages.push(page);
  await page.goto(path);
  await page.getByRole('button', { name: 'Edit' }).click();
  return page;
}
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Save' }).click();
};
const saved = (page: Page) => page.getByRole('button', { name: 'Edit' }).waitFor();
const shown = (page: Page, form: string, field: string) =>
  page.getByRole('form', { name: form }).locator(`[data-field="${field}"]`).textContent();

describe('a save that meets a newer save merges by field', { timeout: 120_000 }, () => {
  it('on an organization: each changed a different field, both changes are kept without a question', async () => {
    const org = await makeOrganization(own.db.pool, { name: `Mergeco ${Date.now() % 100000}` });
    const path = `/manage/organization/${org.id}`;
    const first = await open(ann, path);
    const second = await open(bob, path);
    await first.getByLabel('Website').fill('ann.example');
    await save(first);
    await saved(first);

    await second.getByLabel('Notes').fill('Bob’s note, "quoted"\nsecond line');
    await save(second);
    const notice = second.getByTestId('conflict');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/This record was changed by Ann Archer at /);
    expect(await notice.getByTestId('conflict-taken').textContent()).toBe(
      'Their changes are now in the form: Website.',
    );
    expect(await notice.getByTestId('conflict-kept').textContent()).toBe('Your changes are kept: Notes.');
    expect(await notice.getByRole('radio').count()).toBe(0);
    // Ann's website is in Bob's form, Bob's note still there: Save stores both (it overwrote Ann's website before).
    expect(await second.getByLabel('Website').inputValue()).toBe('ann.example');
    expect(await second.getByLabel('Notes').inputValue()).toBe('Bob’s note, "quoted"\nsecond line');
    await save(second);
    await saved(second);
    await first.reload();
    await saved(first);
    expect(await shown(first, 'Organization', 'website')).toContain('ann.example');
    expect(await shown(first, 'Organization', 'notes')).toContain('second line');
  });

  it('on an organization: only the field both changed is asked about, and the choice is saved', async () => {
    const org = await makeOrganization(own.db.pool, { name: `Bothco ${Date.now() % 100000}` });
    const path = `/manage/organization/${org.id}`;
    const first = await open(ann, path);
    const second = await open(bob, path);
    await first.getByLabel('Website').fill('ann.example');
    await first.getByLabel('Name').fill(`${org.name} Holdings`);
    await save(first);
    await saved(first);

    await second.getByLabel('Website').fill('bob.example');
    await second.getByLabel('Notes').fill('Zoë called: renew in March');
    await save(second);
    const notice = second.getByTestId('conflict');
    await notice.getByRole('radio').first().waitFor();
    const rows = notice.getByRole('row').filter({ has: second.getByRole('radio') });
    expect(await rows.count()).toBe(1);
    expect(await rows.getByRole('cell').allTextContents()).toEqual(['ann.example', 'bob.example']);
    // Nothing changes in the form before the asked field is chosen.
    expect(await notice.getByTestId('conflict-taken').textContent()).toBe(
      'Their changes come into the form: Name.',
    );
    expect(await second.getByLabel('Name').inputValue()).toBe(org.name);
    expect(await notice.getByTestId('conflict-kept').textContent()).toContain('Notes');
    await shoot(second, 'conflict-dialog');
    expect(await notice.getByRole('button', { name: 'Apply choices' }).isDisabled()).toBe(true);
    await rows.getByRole('radio', { name: 'bob.example' }).check();
    await notice.getByRole('button', { name: 'Apply choices' }).click();
    await notice.getByText('Save to store the merged record.').waitFor();
    expect(await second.getByLabel('Name').inputValue()).toBe(`${org.name} Holdings`);
    await save(second);
    await saved(second);

    await first.reload();
    await saved(first);
    expect(await shown(first, 'Organization', 'name')).toContain(`${org.name} Holdings`);
    expect(await shown(first, 'Organization', 'website')).toContain('bob.example');
    expect(await shown(first, 'Organization', 'notes')).toContain('Zoë called');
  });

  it('on the own settings and a staff member: each changed a different field, both are saved', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Casey', lastName: 'Clerk' });
    const mine = [
      await signInOwn(browser, own, user.email),
      await signInOwn(browser, own, user.email),
    ] as const;
    pages.push(...mine);
    for (const page of mine) {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit' }).click();
    }
    await mine[0].getByLabel('Last Name').fill('Clerk-Ōta');
    await save(mine[0]);
    await saved(mine[0]);
    await mine[1].getByLabel('First Name').fill('Kasey');
    await save(mine[1]);
    await mine[1].getByTestId('conflict-taken').waitFor();
    expect(await mine[1].getByLabel('Last Name').inputValue()).toBe('Clerk-Ōta');
    await save(mine[1]);
    await saved(mine[1]);
    await mine[0].reload();
    await saved(mine[0]);
    const settings = await mine[0].getByRole('form', { name: 'Settings' }).textContent();
    expect(settings).toContain('Kasey');
    expect(settings).toContain('Clerk-Ōta');

    // Two administrators on that staff member: a short code and a last name.
    const path = `/admin/staff/${user.id}`;
    const first = await open(ann, path);
    const second = await open(bob, path);
    await first.getByLabel('Short Code').fill('KCX');
    await save(first);
    await saved(first);
    await second.getByLabel('Last Name').fill('Clerk');
    await save(second);
    await second.getByTestId('conflict-kept').waitFor();
    expect(await second.getByLabel('Short Code').inputValue()).toBe('KCX');
    await save(second);
    await saved(second);
    await first.reload();
    await saved(first);
    const staff = await first.getByRole('form', { name: 'Staff member' }).textContent();
    expect(staff).toContain('KCX');
    expect(staff).toContain('Kasey');
  });
});
