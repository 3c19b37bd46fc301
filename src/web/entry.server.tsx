import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { I18nProvider } from './lib/i18n.tsx';
import { I18N_READY_EVENT } from './lib/i18n-boot.ts';
import { serializeForScript } from './lib/serialize.ts';

export const streamTimeout = 5_000;

/** Streams the page; bots get the whole document at once. The i18n texts ride along in one inline script. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    // The page's modules load async and may run before this script, which comes at the end of the
    // shell: the client's entry waits for its event before hydrating (lib/i18n-boot.ts).
    const bootstrap = `window.__I18N__=${serializeForScript({ locale: loadContext.locale, messages: loadContext.messages })};dispatchEvent(new Event(${JSON.stringify(I18N_READY_EVENT)}))`;
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider locale={loadContext.locale} messages={loadContext.messages}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
      </I18nProvider>,
      {
        nonce: loadContext.nonce,
        bootstrapScriptContent: bootstrap,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
