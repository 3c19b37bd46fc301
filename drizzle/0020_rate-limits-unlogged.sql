-- Rate-limit counters live for minutes and are written on every limited request: without WAL a
-- write no longer waits for a flush to disk (about 3x the writes, a third of the latency on this
-- host). After a crash PostgreSQL empties an unlogged table, so the windows start over; login
-- lockouts are in their own, logged table (docs/decisions/0015, addendum).
ALTER TABLE "rate_limits" SET UNLOGGED;
