/**
 * The reviewers' build steps, read from store/firefox-review.md (the fenced block after the
 * `<!-- build-steps -->` mark), so the rebuild test runs exactly what the page tells them.
 */
export function reviewSteps(markdown: string): string[] {
  const match = /<!-- build-steps -->\s*```sh\n([\s\S]*?)```/.exec(markdown);
  if (!match?.[1]) throw new Error('store/firefox-review.md has no ```sh block after <!-- build-steps -->');
  return match[1]
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
