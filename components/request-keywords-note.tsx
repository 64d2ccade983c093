import { t } from '../lib/i18n';

export interface RequestKeywordsNoteProps {
  keywords: { list: readonly string[]; added: readonly string[]; dropped: readonly string[] };
  /** A memory's text by id (undefined once deleted). */
  contentOf: (id: string) => string | undefined;
}

/** What the model's search keywords for the draft changed in the preview: search terms, never sent. */
export function RequestKeywordsNote({ keywords, contentOf }: RequestKeywordsNoteProps) {
  const changed = (ids: readonly string[], label: string) =>
    ids.length > 0 && (
      <>
        <p>{label}</p>
        <ul aria-label={label}>
          {ids.map((id) => (
            <li key={id}>{contentOf(id) ?? id}</li>
          ))}
        </ul>
      </>
    );
  return (
    <section class="field-hint" aria-label={t('tab.keywordsTitle')}>
      <p>{t('tab.keywordsList', { list: keywords.list.join(' · ') })}</p>
      {keywords.added.length === 0 && keywords.dropped.length === 0 && <p>{t('tab.keywordsSame')}</p>}
      {changed(keywords.added, t('tab.keywordsAdded'))}
      {changed(keywords.dropped, t('tab.keywordsDropped'))}
    </section>
  );
}
