/** Removes anything that looks like an API key from text that may leave the background. */
const KEY_LIKE = /\b(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,})\b/g;

/** `storedKeys` gives every key stored, for any endpoint (or one key, or none). */
export function makeScrubber(storedKeys: () => string | readonly string[] | null) {
  return (text: string): string => {
    let out = text.replace(KEY_LIKE, '[redacted key]');
    const keys = storedKeys();
    for (const key of typeof keys === 'string' ? [keys] : (keys ?? []))
      if (key.length >= 8) out = out.split(key).join('[redacted key]');
    return out;
  };
}
