import { t } from '../lib/i18n';
import { MAX_LIMIT, MIN_LIMIT } from '../lib/take-out/custom-text';
import { NumberField } from './number-field';

export interface TakeOutProps {
  limit: number;
  onLimit: (n: number) => void;
  onMarkdown: () => void;
  onCopy: () => void;
}

/** Export as Markdown, and copy a short list for another assistant's custom instructions. */
export function TakeOut({ limit, onLimit, onMarkdown, onCopy }: TakeOutProps) {
  return (
    <div class="take-out">
      <h3>{t('takeout.title')}</h3>
      <div class="transfer-bar">
        <button type="button" onClick={onMarkdown}>
          {t('takeout.markdown')}
        </button>
        <button type="button" onClick={onCopy}>
          {t('takeout.copy')}
        </button>
      </div>
      <NumberField
        label={t('takeout.limit')}
        value={limit}
        min={MIN_LIMIT}
        max={MAX_LIMIT}
        step={100}
        hint={t('takeout.limitHint')}
        onChange={onLimit}
      />
    </div>
  );
}
