import { Link } from 'react-router';

export function Logo({ name, to = '/' }: { name: string; to?: string }) {
  return (
    <Link to={to} className="navbar-brand d-flex align-items-center gap-2" aria-label={name}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff5c8a" />
            <stop offset="1" stopColor="#b3124f" />
          </linearGradient>
        </defs>
        <path
          d="M16 28s-11-6.9-11-15.1C5 8.5 8.3 5.5 12 5.5c1.9 0 3.3.9 4 2.1.7-1.2 2.1-2.1 4-2.1 3.7 0 7 3 7 7.4C27 21.1 16 28 16 28z"
          fill="url(#logo-g)"
        />
      </svg>
      <span className="brand-name">{name}</span>
    </Link>
  );
}
