// A zod issue as a key of locales/<lang>/validation.json and its parameters: the server answers
// with it, and the web's forms show the same text before sending (one reading of the contracts).
/** Maps a zod issue to a key of locales/<lang>/validation.json and its parameters. */
export function issueKey(issue: {
  code: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
}): { key: string; params: Record<string, unknown> } {
  // Schemas of the contracts name their own key ('validation.username').
  if (issue.message?.startsWith('validation.'))
    return { key: issue.message.slice('validation.'.length), params: {} };
  switch (issue.code) {
    case 'invalid_type':
      // zod does not hand the input over; its message says whether anything was received.
      return { key: /received undefined/.test(issue.message ?? '') ? 'required' : 'invalidType', params: {} };
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { key: 'tooShort', params: { min: issue.minimum } }
        : { key: 'tooSmall', params: { min: issue.minimum } };
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { key: 'tooLong', params: { max: issue.maximum } }
        : { key: 'tooBig', params: { max: issue.maximum } };
    case 'invalid_value':
      return { key: 'invalidEnum', params: {} };
    case 'invalid_format':
      return { key: 'invalidFormat', params: {} };
    case 'unrecognized_keys':
      return { key: 'unknownField', params: {} };
    default:
      return { key: 'invalid', params: {} };
  }
}
