import Fastify from 'fastify';

/** The baseline: a bare Fastify hello-world, in its own process like the product. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
process.send?.('ready');
