// The field-history header names the record by the name users know (Project is shown as Software), cases and
// tasks in the words of Case & Task Grammar, and a settings page's name once.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryPage } from '../../../shared/schemas/history';
import { renderAt, stubFetch } from '../reports/report-test-kit';
import { HistoryView } from './history-view';

const page = (objectClass: string, title: string): { history: HistoryPage } => ({
  history: {
    objectClass,
    title,
    items: [
      {
        id: 1,
        field: 'name',
        fieldLabel: 'Name',
        oldValue: 'AVI Mark',
        newValue: 'AVImark',
        actor: { value: 2, label: 'Dana Tech' },
        at: '2026-03-05T14:07:00.000Z',
      },
    ],
    next: null,
  },
});
const grammar = (caseSingular: string) => ({
  languageSettings: {
    caseSingular,
    casePlural: `${caseSingular}s`,
    taskSingular: 'Task',
    taskPlural: 'Tasks',
    slipSingular: 'Slip',
    slipPlural: 'Slips',
    smallWords: [],
    brands: [],
    version: 1,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('HistoryView header', () => {
  it.each([
    ['software', 'Project', 'AVImark', 'Software: AVImark'],
    ['bucket-category', 'BucketCategory', 'Onsite', 'Bucket: Onsite'],
    ['required-upload', 'ReportNotice', 'Monthly Patch', 'Required Upload: Monthly Patch'],
    ['opportunityDocument', 'OpportunityDocument', 'Quote', 'Opportunity Document: Quote'],
    ['sso-settings', 'SsoSettings', 'SSO Settings', 'SSO Settings'],
  ])('%s history (%s) reads "%s"', async (entity, objectClass, title, shown) => {
    stubFetch({
      [`/api/history/${entity}/4`]: { body: page(objectClass, title) },
      '/api/settings/language': { body: grammar('Case') },
    });
    renderAt('/h', <HistoryView entity={entity} id={4} backTo="/" backText="Back" />);
    await screen.findByText('AVImark');
    expect(screen.getByTestId('object-class')).toHaveTextContent(new RegExp(`^${shown}$`));
    expect(screen.getByTestId('object-class').textContent).not.toContain(objectClass);
  });

  it('names a case in the saved words, also when the screen passes the class', async () => {
    stubFetch({
      '/api/history/case/4': { body: page('Case', 'Printer down') },
      '/api/settings/language': { body: grammar('Ticket') },
    });
    renderAt('/h', <HistoryView entity="case" id={4} objectClass="Case" backTo="/" backText="Back" />);
    expect(await screen.findByText('Ticket: Printer down')).toBeInTheDocument();
  });
});
