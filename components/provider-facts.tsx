export interface ProviderFactsProps {
  /** Link to the provider's key page, with its text; null for local servers and `custom`. */
  keyLink: { href: string; text: string } | null;
  /** One line on price or local mode. */
  lines: readonly string[];
}

/** What a chosen provider means for the user: where to get a key, what it costs, what stays local. */
export function ProviderFacts({ keyLink, lines }: ProviderFactsProps) {
  if (!keyLink && lines.length === 0) return null;
  return (
    <div class="provider-facts">
      {keyLink && (
        <p class="field-hint">
          <a href={keyLink.href} target="_blank" rel="noopener noreferrer">
            {keyLink.text}
          </a>
        </p>
      )}
      {lines.map((line) => (
        <p key={line} class="field-hint">
          {line}
        </p>
      ))}
    </div>
  );
}
