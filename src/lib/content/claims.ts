/**
 * Splits "Label: the rest" into its parts, so the label can be set apart as a heading and the rest
 * read as its own sentence (capitalized); no short label before a colon → no label.
 */
export function splitClaim(claim: string): { label: string | null; text: string } {
  const match = /^([^:]{1,40}):\s+(.+)$/s.exec(claim);
  if (!match) return { label: null, text: claim };
  const rest = match[2]!;
  return { label: match[1]!.trim(), text: rest.charAt(0).toUpperCase() + rest.slice(1) };
}
