import fs from 'node:fs';
import { processPhotoHere } from '../src/server/features/photos/photos.pipeline.ts';

/**
 * The photo worker's work without the product (bench/chat.ts): the same pipeline on the same JPEG,
 * one photo after the other until killed, in a process the benchmark starts at the lowest CPU
 * priority the kernel has (SCHED_IDLE). What it does to the chat's latency is the floor for the
 * goal "chat p99 with photo uploads ≤ 1.5× without" on this machine: no priority inside the product
 * can do better than a process that only gets cores nobody else wants. Counts its photos on stdout.
 */
const jpeg = fs.readFileSync(process.argv[2] as string);
for (;;) {
  await processPhotoHere(jpeg);
  process.stdout.write('.');
}
