import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardSection, TitledSection } from './titled-section.tsx';

describe('TitledSection', () => {
  afterEach(cleanup);

  it('is a region named by its own h2, an h5 to look at unless told otherwise', () => {
    render(
      <>
        <TitledSection titleId="a-title" title="Photos" className="admin-panel">
          <p>Two photos</p>
        </TitledSection>
        <TitledSection titleId="b-title" title="Details" titleClassName="h4">
          <p>Name</p>
        </TitledSection>
      </>,
    );
    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(photos.className).toBe('admin-panel');
    expect(screen.getByRole('heading', { level: 2, name: 'Photos' }).className).toBe('h5');
    expect(screen.getByRole('heading', { level: 2, name: 'Details' }).className).toBe('h4');
  });

  it("gives a settings card the card's classes beside its own", () => {
    render(
      <CardSection titleId="c-title" title="Password" className="extra">
        <p>Form</p>
      </CardSection>,
    );
    expect(screen.getByRole('region', { name: 'Password' }).className).toBe(
      'card card-body shadow-sm mb-4 extra',
    );
  });
});
