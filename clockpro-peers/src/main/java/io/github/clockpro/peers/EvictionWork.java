package io.github.clockpro.peers;

/**
 * The eviction work a cache counted up to one moment.
 *
 * @param evictions the entries evicted for size (clockpro's exclude its expirations; Caffeine's include them)
 * @param entriesExamined the entries the policy examined to find them; 0 if it does not count them
 * @param scansCounted whether the cache counts the entries it examines, so that {@code entriesExamined} means
 *     something
 */
public record EvictionWork(long evictions, long entriesExamined, boolean scansCounted) {}
