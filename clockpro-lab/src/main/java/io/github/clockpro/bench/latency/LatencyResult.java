package io.github.clockpro.bench.latency;

import io.github.clockpro.peers.Implementation;
import org.HdrHistogram.Histogram;

/**
 * Latency distributions of one implementation under the mixed load of {@link LatencyMeasurement}.
 *
 * @param implementation the implementation
 * @param threads the number of threads that ran the load
 * @param gets nanoseconds per {@code getIfPresent}
 * @param puts nanoseconds per {@code put}
 */
public record LatencyResult(Implementation implementation, int threads, Histogram gets, Histogram puts) {}
