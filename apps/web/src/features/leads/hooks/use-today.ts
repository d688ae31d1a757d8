import { useState } from 'react';

/**
 * The date the screen opened. Read once, so rendering stays pure and the query key does not change
 * under the user; date windows ("last 7 days") are counted from it.
 */
export function useToday(): Date {
  const [today] = useState(() => new Date());
  return today;
}
