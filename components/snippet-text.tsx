export interface SnippetTextProps {
  pieces: readonly { text: string; hit: boolean }[];
}

/** A search snippet: text nodes with the hits in <mark>; never parsed as HTML. */
export function SnippetText({ pieces }: SnippetTextProps) {
  // The pieces never change order or number for one snippet: their position is their identity.
  // biome-ignore lint/suspicious/noArrayIndexKey: see above
  return <span class="snippet">{pieces.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}</span>;
}
