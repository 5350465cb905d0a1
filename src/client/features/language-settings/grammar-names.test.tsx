// One name per thing: the case and task screens' headings and tabs name tasks and slips in the Case & Task Grammar
// words, as the menus and breadcrumbs do.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GRAMMAR } from '../../../shared/grammar';
import { CaseHeader, TaskTabs } from '../cases/case-header';
import { renderAt, stubFetch } from '../reports/report-test-kit';

const words = {
  ...DEFAULT_GRAMMAR,
  caseSingular: 'Ticket',
  casePlural: 'Tickets',
  taskSingular: 'Job',
  taskPlural: 'Jobs',
  slipSingular: 'Entry',
  slipPlural: 'Entries',
};

afterEach(() => vi.unstubAllGlobals());

describe('case and task screens in the saved words', () => {
  it('heads the tasks of a case "Jobs", with tabs Basics and Jobs', async () => {
    stubFetch({
      '/api/settings/language': {
        body: {
          languageSettings: { ...words, smallWords: [], brands: [], version: 1 },
          can: { save: false },
        },
      },
      '/api/manage/case/5': { body: { case: { id: 5, title: 'Printer down' } } },
    });
    renderAt('/manage/case/5/task', <CaseHeader caseId="5" title="Tasks" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Ticket' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Basics', 'Jobs']);
  });

  it('names a task’s slips tab "Entries"', async () => {
    stubFetch({
      '/api/settings/language': {
        body: {
          languageSettings: { ...words, smallWords: [], brands: [], version: 1 },
          can: { save: false },
        },
      },
    });
    renderAt('/manage/case/5/task/7', <TaskTabs caseId={5} taskId={7} />);
    expect(await screen.findByRole('link', { name: 'Entries' })).toHaveAttribute(
      'href',
      '/manage/case/5/task/7/slip',
    );
  });
});
