/** What the fleet query's honest answers say, in one place. */
export const QUERY_TEXTS = {
  cannotAnswer: (a: string, b: string) =>
    `I can't answer that yet. Questions close to it that I can answer: "${a}" or "${b}"`,
  didYouMean: (options: string[]) =>
    `Did you mean ${options.length > 2 ? `${options.slice(0, -1).join(', ')} or ${options.at(-1)}` : options.join(' or ')}?`,
  notFound: (what: 'tracker' | 'group', words: string, near: string[]) =>
    `I could not find a ${what} called "${words}" among the ${what}s you can see.${near.length ? ` Did you mean ${near.join(' or ')}?` : ''}`,
  whichOfKind: (kind: string, options: string[], total: number) =>
    `You have ${total} ${kind}s: ${options.join(', ')}${total > options.length ? ` and ${total - options.length} more` : ''}. Which one do you mean?`,
  unreadableFile: (names: string[]) =>
    `I can't read ${names.join(', ')} yet: I read tracker names or serials from CSV and text files only, not images or PDFs. Send the list as a CSV or text file and ask again.`,
  noTrackersInFile: (names: string[]) =>
    `I can't find the name or serial of any of your trackers in ${names.join(', ')}. Put one name or serial per line (or per cell) and ask again.`,
  refused: (action: string) =>
    `I can't ${action} anything: Scout reads your fleet and shows it, it does not change or delete trackers, geofences, users or settings. Someone whose role allows it can ${action} them on their own screens (the tracker's details, Geofences, Settings).`,
} as const;
