/**
 * An on/off setting that applies at once: Bootstrap's form-switch, a checkbox with the switch
 * role (and aria-checked, which the role requires), its label beside it.
 */
export function Switch({
  id,
  label,
  checked,
  busy = false,
  describedBy,
  className,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  busy?: boolean;
  describedBy?: string;
  className?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className={`form-check form-switch${className ? ` ${className}` : ''}`}>
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        aria-checked={checked}
        aria-describedby={describedBy}
        aria-busy={busy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
