// @vitest-environment node
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.ts';

function Banner({ text }: { text: string }) {
  return <p className="banner">{text}</p>;
}

const render = (Part: React.ComponentType<{ text: string }>) =>
  renderToString(
    <main>
      <Suspense fallback={null}>
        <Part text="Tijdbonus" />
      </Suspense>
      <footer>after</footer>
    </main>,
  );

describe('a part on demand, on the server', () => {
  it('is in place in the first page the server renders once started, not streamed after it', async () => {
    const banner = onDemand(async () => Banner);
    // The server's start: its code is loaded by the time a page is asked for.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = render(banner());
    expect(html).toContain('<p class="banner">Tijdbonus</p>');
    expect(html.indexOf('Tijdbonus')).toBeLessThan(html.indexOf('after'));
  });

  it('renders lazily (its boundary’s fallback first) before the code is there', () => {
    const banner = onDemand(() => new Promise<typeof Banner>(() => {}));
    expect(render(banner())).not.toContain('Tijdbonus');
  });
});
