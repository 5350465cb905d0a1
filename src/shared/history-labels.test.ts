// The names field history shows for the record classes (SPEC §3: Project is shown as software).
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAMMAR } from './grammar.js';
import { HISTORY_CLASS_LABELS, historyClassLabel } from './history-labels.js';

describe('historyClassLabel', () => {
  it.each([
    ['Project', 'Software'],
    ['BucketCategory', 'Bucket'],
    ['ReportNotice', 'Required Upload'],
    ['OpportunityDocument', 'Opportunity Document'],
    ['SsoSettings', 'SSO Settings'],
    ['EquipmentCategory', 'Device Category'],
    ['LanguageSettings', 'Case & Task Grammar'],
    ['OpportunitySettings', 'Sales Settings: Opportunities'],
    ['User', 'Staff Member'],
    ['Equipment', 'Equipment'],
  ])('%s is shown as %s', (cls, label) => {
    expect(historyClassLabel(cls)).toBe(label);
  });

  it.each(Object.entries(HISTORY_CLASS_LABELS))(
    '%s: a label in words, never the class name',
    (cls, label) => {
      expect(historyClassLabel(cls)).toBe(label);
      expect(label).not.toMatch(/[a-z][A-Z]/);
    },
  );

  it('names cases and tasks in the words of Case & Task Grammar, and nothing else', () => {
    const grammar = { ...DEFAULT_GRAMMAR, caseSingular: 'Ticket', taskSingular: 'Job' };
    expect(historyClassLabel('Case', grammar)).toBe('Ticket');
    expect(historyClassLabel('Task', grammar)).toBe('Job');
    expect(historyClassLabel('LanguageSettings', grammar)).toBe('Case & Task Grammar');
    expect(historyClassLabel('Project', grammar)).toBe('Software');
  });

  it('splits an unknown class into words rather than showing code', () => {
    expect(historyClassLabel('NewThingSettings')).toBe('New Thing Settings');
  });
});
