import { INTEREST_KEYS, type InterestKey } from '../../../shared/interests.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * The interests as toggle chips (real checkboxes, styled by _interest-chips.scss): the profile form
 * and the match finder. The labels come with the page texts (the `interests` group).
 */
export function InterestChips({
  selected,
  onToggle,
  idPrefix = 'interest',
  isDisabled,
}: {
  selected: readonly InterestKey[];
  onToggle: (key: InterestKey) => void;
  /** Ids must be unique on the page. */
  idPrefix?: string;
  isDisabled?: (key: InterestKey) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="interest-chips">
      {INTEREST_KEYS.map((key) => (
        <span key={key} className="interest-chip">
          <input
            type="checkbox"
            className="interest-chip-input"
            id={`${idPrefix}-${key}`}
            name="interests"
            value={key}
            checked={selected.includes(key)}
            disabled={isDisabled?.(key)}
            onChange={() => onToggle(key)}
          />
          <label htmlFor={`${idPrefix}-${key}`}>{t(`interests.${key}`)}</label>
        </span>
      ))}
    </div>
  );
}
