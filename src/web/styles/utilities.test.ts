import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..');

/** Bootstrap's utility and helper classes by their shape (a site class never starts like these). */
const UTILITY =
  /^(m[tbsexy]?-(\d|auto)|p[tbsexy]?-\d|d-(none|inline|inline-block|block|flex|inline-flex|grid)|gap-\d|flex-[\w-]+|align-[\w-]+|justify-content-[\w-]+|text-[\w-]+|fw-[\w-]+|fs-\d|[wh]-\d+|bg-[\w-]+|rounded(-[\w-]+)?|shadow(-[\w-]+)?|border(-[\w-]+)?|position-\w+|(top|bottom|start|end)-\d+|order-[\w-]+|visually-hidden(-focusable)?|invisible|img-fluid|small|lead|badge|float-\w+|overflow-\w+|lh-\w+|opacity-\d+|z-\d+|list-unstyled|list-inline(-item)?)$/;

/** The web app's sources, tests left out. */
function sources(dir = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every utility-shaped word in a string of the sources, with the files that name it. */
function utilitiesNamed(): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    for (const [, double, backtick, single] of text.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
      const words = (double ?? backtick ?? single ?? '').replace(/\$\{[^}]*\}/g, ' ').split(/\s+/);
      for (const word of words.filter((w) => UTILITY.test(w)))
        named.set(word, [...(named.get(word) ?? []), file.slice(WEB.length + 1)]);
    }
  }
  return named;
}

describe('the utilities the pages name', () => {
  it('are all in the site stylesheet: the browser ignores a missing one without a word', () => {
    const { css } = compile(join(WEB, 'styles/app.scss'), {
      loadPaths: [join(WEB, '../../node_modules')],
      quietDeps: true,
      silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      logger: { warn: () => {} },
    });
    const defined = new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name));
    const named = utilitiesNamed();
    // The scan itself works: the site names these everywhere.
    expect(named.has('mb-3') && named.has('d-flex')).toBe(true);
    const missing = [...named].filter(([name]) => !defined.has(name));
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
