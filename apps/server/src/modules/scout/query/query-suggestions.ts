import type { QueryLexicon } from './query-parse';
import { normalise, sameWord, singular } from './query-words';

/**
 * Questions Scout can answer, closest first to one it could not: told with "I can't answer
 * that yet" so the user sees what to ask instead (issue 38, "Honest when it cannot").
 */
function catalogue(lexicon: QueryLexicon): string[] {
  const tracker = lexicon.trackers[0]?.name ?? 'Truck 07';
  const geofence = lexicon.geofences[0]?.name ?? 'Depot';
  const group = lexicon.groups[0]?.name;
  return [
    'How many trackers are moving right now?',
    `How many miles did ${tracker} drive last week?`,
    'Which tracker drove the most yesterday?',
    `Where is ${tracker}?`,
    `What is the battery of ${tracker}?`,
    'Which trackers have low battery?',
    'Which trackers have not reported for a day?',
    'Are any trackers above 40°F?',
    `Which trackers are inside ${geofence}?`,
    `Draw an area around ${geofence}`,
    'Which trackers are near Chicago?',
    'Which shipments are running late?',
    'Show the alerts of the last 24 hours',
    ...(group ? [`Filter the list to ${group}`] : []),
    'Export the trackers that have not moved in 3 days as CSV',
  ];
}

const wordsOf = (text: string) =>
  normalise(text)
    .split(' ')
    .map(singular)
    .filter((w) => w.length > 2);

/** The two questions of the catalogue sharing most words with `question`. */
export function closestQuestions(question: string, lexicon: QueryLexicon): [string, string] {
  const asked = wordsOf(question);
  const scored = catalogue(lexicon).map((q, i) => {
    const words = wordsOf(q);
    const shared = asked.filter((a) => words.some((w) => sameWord(a, w))).length;
    return { q, score: shared - i / 1000 };
  });
  scored.sort((a, b) => b.score - a.score);
  return [scored[0]!.q, scored[1]!.q];
}
