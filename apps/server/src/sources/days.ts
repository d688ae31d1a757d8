// Which days a source run covers: EDGAR's today, business days, and the days due (past days not done yet,
// unfinished ones of the last 60, and today, which is always polled again).
import { addIsoDays } from '@fundwire/shared';
import type { Database } from '../db/client.js';

/** Today's date in New York, where EDGAR's filing days begin and end. */
export function edgarToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const addDays = addIsoDays;

const isBusinessDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Business days from `from` through `to`, oldest first. */
export function businessDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) days.push(day);
  return days;
}

/**
 * The days a scheduled run covers: each business day from the last one done through today (first run:
 * backfillDays back), skipping past days already done, plus earlier days of the last 60 whose run failed or
 * was cut short. Today is always polled again.
 */
export async function daysDue(database: Database, source: string, today: string, backfillDays: number): Promise<string[]> {
  const result = await database.rawTransaction((query) =>
    query(`select day::text as day, status from source_days where source = $1 and day >= $2::date - 60 order by day`, [source, today]),
  );
  const status = new Map(result.rows.map((row) => [String(row.day), String(row.status)]));
  const lastDone = [...status].filter(([, value]) => value === 'done').map(([day]) => day).pop();
  const from = lastDone && lastDone < today ? lastDone : addDays(today, -backfillDays);
  const unfinished = [...status].filter(([day, value]) => day < from && ['pending', 'running', 'failed'].includes(value)).map(([day]) => day);
  return [...unfinished, ...businessDays(from, today).filter((day) => day === today || status.get(day) !== 'done')];
}
