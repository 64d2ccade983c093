import { t } from '../lib/i18n';

export interface RequestKeywordsNoteProps {
  keywords: { list: readonly string[]; added: readonly string[]; dropped: readonly string[] };
  /** A memory's text by id (undefined once deleted). */
  contentOf: (id: string) => string | undefined;
}

/** What the model's search keywords for the draft changed in the preview: search terms, never sent. */
export function RequestKeywordsNote({ keywords, contentOf }: RequestKeywordsNoteProps) {
  const named = (ids: readonly string[]) => ids.map((id) => contentOf(id) ?? id);
  return (
    <section class="field-hint" aria-label={t('tab.keywordsTitle')}>
      <p>{t('tab.keywordsList', { list: keywords.list.join(' · ') })}</p>
      {keywords.added.length === 0 && keywords.dropped.length === 0 && <p>{t('tab.keywordsSame')}</p>}
      {keywords.added.length > 0 && (
        <>
          <p>{t('tab.keywordsAdded')}</p>
          <ul aria-label={t('tab.keywordsAdded')}>
            {named(keywords.added).map((c, i) => (
              <li key={keywords.added[i]}>{c}</li>
            ))}
          </ul>
        </>
      )}
      {keywords.dropped.length > 0 && (
        <>
          <p>{t('tab.keywordsDropped')}</p>
          <ul aria-label={t('tab.keywordsDropped')}>
            {named(keywords.dropped).map((c, i) => (
              <li key={keywords.dropped[i]}>{c}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
