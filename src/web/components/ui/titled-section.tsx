import type { ReactNode, Ref } from 'react';

type TitledSectionProps = {
  /** The section's own id, for a link to it. */
  id?: string;
  titleId: string;
  title: ReactNode;
  className?: string;
  /** The heading's look; an h2 either way. */
  titleClassName?: string;
  /** For a section that moves focus to its heading (tabIndex -1 comes with it). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** A part of a page named by its own heading, so that screen readers list it as a landmark under its title. */
export function TitledSection({
  id,
  titleId,
  title,
  className,
  titleClassName = 'h5',
  headingRef,
  children,
}: TitledSectionProps) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A card of a settings screen (account, privacy, credits). */
export function CardSection({ className, ...section }: TitledSectionProps) {
  return (
    <TitledSection
      {...section}
      className={`card card-body shadow-sm mb-4${className ? ` ${className}` : ''}`}
    />
  );
}
