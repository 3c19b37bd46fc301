import type { ReactNode, Ref } from 'react';

/**
 * A card of a settings screen (account, privacy, credits): a section named by its own heading, so
 * that screen readers list each card as a landmark under its title.
 */
export function CardSection({
  id,
  titleId,
  title,
  className,
  headingRef,
  children,
}: {
  /** The section's own id, for a link to it. */
  id?: string;
  titleId: string;
  title: ReactNode;
  className?: string;
  /** For a card that moves focus to its heading (tabIndex -1 comes with it). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`card card-body shadow-sm mb-4${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="h5" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
