package io.github.clockpro.peers;

import java.util.SplittableRandom;

/**
 * The seed of each benchmark thread's key generator, so that the threads of one run draw independent key
 * sequences, and every run draws the same ones.
 *
 * <p>A {@link SplittableRandom} made with {@code new SplittableRandom(seed)} adds one fixed odd constant, its
 * gamma (the golden ratio scaled to 64 bits, {@code 0x9E3779B97F4A7C15}), to its state per value drawn, and mixes
 * the state into the value. Two generators whose seeds differ by {@code k} times that gamma therefore draw the same
 * sequence, {@code k} values apart. Seeds that are small multiples of the gamma itself are the trap: with
 * {@code gamma * (thread + 1)}, thread 1 drew thread 0's keys one value later, so the two threads asked for the
 * same key at nearly the same moment, one loading it and the other waiting for that load. These seeds are
 * multiples of a different odd constant: between the seeds of any two of threads 0 to 511 the distance is more
 * than 2<sup>54</sup> steps of the gamma, far more values than any run draws ({@code ThreadSeedsTest} checks it).
 *
 * <p>Stateless; safe to use from any thread.
 */
public final class ThreadSeeds {

  /** An odd 64-bit constant far, in steps of the gamma, from every small multiple of it. */
  private static final long MULTIPLIER = 0x2545F4914F6CDD1DL;

  private ThreadSeeds() {}

  /**
   * The seed of a thread's generator.
   *
   * @param thread the thread's index in its run, from 0
   * @return the seed for {@code new SplittableRandom(seed)}
   * @throws IllegalArgumentException if {@code thread} is negative
   */
  public static long of(int thread) {
    if (thread < 0) {
      throw new IllegalArgumentException("thread must not be negative but was " + thread);
    }
    return MULTIPLIER * (thread + 1);
  }

  /** A thread's generator: {@code new SplittableRandom(of(thread))}. */
  public static SplittableRandom generator(int thread) {
    return new SplittableRandom(of(thread));
  }
}
