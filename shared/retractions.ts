// Which rulings a retraction withdraws. An engineer retracts only their own
// rulings (`retract` takes back the caller's counted ruling), so a retraction
// naming another engineer's ruling, as a ruling log merged from elsewhere may
// hold, withdraws nothing: it is kept as an event but never applied.

export interface RetractionEvent {
  id: string;
  engineer: string;
  decision: string;
  retracts: string | null;
}

/** Ids of the rulings among `events` withdrawn by a retraction of the same engineer. */
export function retractedIds(events: readonly RetractionEvent[]): Set<string> {
  const engineerOf = new Map(events.map((event) => [event.id, event.engineer]));
  const retracted = new Set<string>();
  for (const event of events) {
    if (event.decision === 'retract' && event.retracts !== null && engineerOf.get(event.retracts) === event.engineer)
      retracted.add(event.retracts);
  }
  return retracted;
}
