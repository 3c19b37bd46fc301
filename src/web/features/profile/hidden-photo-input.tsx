import type { ComponentProps } from 'react';
import { PHOTO_ACCEPT_ATTRIBUTE } from './photo-rules.ts';

/**
 * The file picker behind a photo button: out of sight and out of the tab order, for the button is
 * what people see and reach, and it opens this one.
 */
export function HiddenPhotoInput(props: Omit<ComponentProps<'input'>, 'type' | 'accept'>) {
  return (
    <input
      type="file"
      accept={PHOTO_ACCEPT_ATTRIBUTE}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      {...props}
    />
  );
}
