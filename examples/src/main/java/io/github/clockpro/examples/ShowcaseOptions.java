package io.github.clockpro.examples;

/**
 * The settings of a showcase run.
 *
 * @param port the metrics port on 127.0.0.1, or 0 for any free port
 * @param requests the requests per implementation, over all threads
 * @param threads the replaying threads
 * @param capacity the caches' maximum size
 * @param missCostTokens the CPU a miss costs, in {@code Blackhole.consumeCPU} tokens
 * @param keepServing whether to keep replaying through ClockProCache and serving metrics after the table
 */
record ShowcaseOptions(int port, long requests, int threads, int capacity, long missCostTokens,
    boolean keepServing) {}
