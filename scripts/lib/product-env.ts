/** The product's environment as production runs it, for the scripts and benchmarks that start it: its
 * embedded PostgreSQL in dataDir, a quiet log, no demo data; `env` adds to that or overrides it. */
export function productEnv(port: string, dataDir: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ...env,
  };
}
