// ws ships no types and @types/ws is not installed: the part the real-time feature and its tests use.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { ClientRequest, IncomingMessage } from 'node:http';

  type Data = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    readonly CONNECTING: 0;
    readonly OPEN: 1;
    readonly CLOSING: 2;
    readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(address: string, options?: { headers?: Record<string, string> });
    send(data: string): void;
    close(code?: number, reason?: string): void;
    ping(): void;
    pong(): void;
    terminate(): void;
    on(event: 'message', listener: (data: Data, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(
      event: 'unexpected-response',
      listener: (request: ClientRequest, response: IncomingMessage) => void,
    ): this;
    on(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export type ServerOptions = { maxPayload?: number };
  export class Server extends EventEmitter {
    clients: Set<WebSocket>;
  }
  export default WebSocket;
}
