import type { ReactNode } from 'react';
import { Icon as LineIcon } from '../../components/ui/icon.tsx';

/** The icons of the member pages (profile view, own profile). */
const Icon = ({ children, size }: { children: ReactNode; size?: number }) => (
  <LineIcon className="member-icon" size={size}>
    {children}
  </LineIcon>
);

export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <Icon>
    <path
      d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
);

export const MessageIcon = () => (
  <Icon>
    <path d="M4 5h16v11H8l-4 4z" />
  </Icon>
);

export const GiftIcon = () => (
  <Icon>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 4 8 4a2 2 0 0 0 0 4M12 8s1.5-4 4-4a2 2 0 0 1 0 4" />
  </Icon>
);

export const BlockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8" />
    <path d="m6.5 6.5 11 11" />
  </Icon>
);

export const LockIcon = ({ size = 28 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <Icon size={28}>
    <path d={direction === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
  </Icon>
);

export const CheckIcon = () => (
  <Icon size={18}>
    <path d="m5 12 5 5 9-10" />
  </Icon>
);

export const PinIcon = () => (
  <Icon size={16}>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);
