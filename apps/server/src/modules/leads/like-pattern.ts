// LIKE patterns: user text matched as a substring, with its wildcards escaped.

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%`, with the text's own wildcards escaped. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}
