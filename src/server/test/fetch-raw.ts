import http from 'node:http';

/**
 * A file as it travels, not decoded, with its headers, for a browser's Accept-Encoding (fetch
 * decodes on the way): what the journeys check the build's compressed files with and the benchmark
 * counts pages' scripts in.
 */
export function fetchRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
