// The period of the charts: whole weeks, Monday to Sunday, in the company's calendar.
import { type ChartsQuery, DEFAULT_CHART_WEEKS } from '../../../shared/charts.js';
import { isoOfDisplay } from '../../../shared/format/date.js';
import { addDays, mondayOf } from '../report/index.js';

export type ChartPeriod = {
  /** The first Monday and the last Sunday, yyyy-MM-dd. */
  from: string;
  to: string;
  /** The Monday of each week, in order. */
  weeks: string[];
};

function weeksFrom(from: string, to: string): ChartPeriod {
  const weeks: string[] = [];
  for (let week = from; week <= to; week = addDays(week, 7)) weeks.push(week);
  return { from, to, weeks };
}

/**
 * Both ends given: their weeks. One given: twelve weeks starting (or ending) with its week. Neither: the last twelve
 * weeks, this one included. The query schema has already refused a reversed period or one over a year.
 */
export function chartPeriod(query: ChartsQuery, today: string): ChartPeriod {
  const span = 7 * DEFAULT_CHART_WEEKS;
  if (query.from && query.to)
    return weeksFrom(mondayOf(isoOfDisplay(query.from)), addDays(mondayOf(isoOfDisplay(query.to)), 6));
  if (query.from) {
    const from = mondayOf(isoOfDisplay(query.from));
    return weeksFrom(from, addDays(from, span - 1));
  }
  const to = addDays(mondayOf(query.to ? isoOfDisplay(query.to) : today), 6);
  return weeksFrom(addDays(to, 1 - span), to);
}
