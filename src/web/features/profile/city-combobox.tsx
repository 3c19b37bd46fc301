import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CITY_MAX } from '../../../shared/contracts/profile.ts';
import { getJson } from '../../lib/api.ts';

type City = { name: string; region: string | null };

type Props = {
  id: string;
  label: ReactNode;
  value: string;
  country: string;
  region: string;
  onChange: (city: string) => void;
  /** A suggestion was chosen: its region comes along, so the region field can follow. */
  onPick: (city: City) => void;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  /** Read to screen readers when suggestions appear ("5 suggestions"). */
  countText: (count: number) => string;
  regionName: (code: string) => string | undefined;
};

const DEBOUNCE_MS = 200;

/**
 * A city input with suggestions for the chosen country and region, as the ARIA 1.2 combobox
 * pattern: the input keeps focus, arrow keys move through the list (aria-activedescendant),
 * Enter picks, Escape closes. Typing anything else is allowed: small places may be missing.
 */
export function CityCombobox({
  id,
  label,
  value,
  country,
  region,
  onChange,
  onPick,
  describedBy,
  invalid,
  placeholder,
  countText,
  regionName,
}: Props) {
  const listId = useId();
  const [cities, setCities] = useState<City[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');
  const sequence = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (!q || !country) {
      setCities([]);
      return;
    }
    const mine = ++sequence.current;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ country, q });
      if (region) params.set('region', region);
      getJson<{ cities: City[] }>(`/api/cities.php?${params}`, { retry: false }).then(
        (response) => {
          // A slower answer to an older query must not replace a newer one.
          if (mine !== sequence.current) return;
          setCities(response.cities);
          setActive(-1);
        },
        () => {
          if (mine === sequence.current) setCities([]);
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, country, region]);

  const expanded = open && cities.length > 0;
  const pick = (city: City) => {
    onPick(city);
    setOpen(false);
    setCities([]);
    setQuery('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (cities.length === 0 ? -1 : (i + 1) % cities.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (cities.length === 0 ? -1 : i <= 0 ? cities.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const city = cities[active];
      if (city) pick(city);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="city-combobox">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        role="combobox"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        autoComplete="off"
        maxLength={CITY_MAX}
        value={value}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChange(e.target.value);
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        // Closing after a click on a suggestion has been handled (mousedown prevents the blur).
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        className={`city-suggestions${expanded ? ' show' : ''}`}
        aria-label={typeof label === 'string' ? label : undefined}
      >
        {expanded &&
          cities.map((city, index) => {
            const regionText = city.region ? regionName(city.region) : undefined;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (combobox pattern)
              <div
                key={`${city.name}-${city.region ?? ''}`}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`city-suggestion${index === active ? ' active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(city)}
              >
                <span className="city-suggestion-name">{city.name}</span>
                {regionText && <span className="city-suggestion-region">{regionText}</span>}
              </div>
            );
          })}
      </div>
      <div className="visually-hidden" aria-live="polite">
        {expanded ? countText(cities.length) : ''}
      </div>
    </div>
  );
}
