/*
 * Which of a ticket's price periods runs at an instant, and when its price next changes. A period runs from its
 * start (included) to its end (excluded; none: open-ended); when several run, the latest started one holds the
 * price (the rule the order pricing applies when it reads them from the database).
 */

export interface PricePeriodSpan {
  startsAt: Date;
  endsAt: Date | null;
}

const runs = (period: PricePeriodSpan, at: number) =>
  period.startsAt.getTime() <= at && (period.endsAt === null || period.endsAt.getTime() > at);

/** The period whose price runs at `now`, or null: the ticket has no price now (it cannot be sold). */
export function runningPeriod<P extends PricePeriodSpan>(periods: readonly P[], now: Date): P | null {
  const at = now.getTime();
  let found: P | null = null;
  for (const period of periods) {
    if (runs(period, at) && (found === null || period.startsAt.getTime() >= found.startsAt.getTime())) found = period;
  }
  return found;
}

/**
 * When the price running at `now` stops being the price: the running period's end, or the start of a later
 * period that takes over before it (null: it does not change).
 */
export function priceChangesAt(periods: readonly PricePeriodSpan[], now: Date): Date | null {
  const running = runningPeriod(periods, now);
  if (!running) return null;
  const at = now.getTime();
  const instants = [
    ...(running.endsAt ? [running.endsAt.getTime()] : []),
    ...periods.map((period) => period.startsAt.getTime()).filter((start) => start > at),
  ];
  return instants.length ? new Date(Math.min(...instants)) : null;
}
