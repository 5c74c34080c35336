package io.github.clockpro.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * One cache of a differential run (clockpro's or Caffeine's) behind the calls the steps make, and what it was
 * heard to do: the removals its listener reported and how often the steps' functions and loaders ran.
 *
 * <p>Both caches run every step on the calling thread (an executor that runs each task at once, no scheduler),
 * so everything a step causes has happened when the call returns. {@link #run} turns a step into an
 * {@link Outcome} that can be compared with the other side's.
 */
abstract class Side {

  /** The step running: the cache loader answers as it says. */
  private Step step;
  private int calls;
  /** The removals other than expirations reported during the current step. */
  private final List<Removal> removals = new ArrayList<>();
  /** Every expiration reported so far: when each is reported differs by design (see {@link Outcome}). */
  private final List<Removal> expirations = new ArrayList<>();

  /** Runs the step and says what it did. */
  final Outcome run(Step step) {
    this.step = step;
    calls = 0;
    removals.clear();
    String result;
    try {
      result = describe(step.applyTo(this));
    } catch (Exception | Error failure) {
      result = thrown(failure);
    }
    return new Outcome(result, Removal.sorted(removals), calls);
  }

  /** Every expiration reported so far. */
  final List<Removal> expirations() {
    return Removal.sorted(expirations);
  }

  /** The removal listener: {@code cause} is the name of the cause, which the two libraries share. */
  final void heard(Integer key, Integer value, String cause) {
    Removal removal = new Removal(key, value, cause);
    (cause.equals("EXPIRED") ? expirations : removals).add(removal);
  }

  final void countCall() {
    calls++;
  }

  /** {@code CacheLoader.load}, for both libraries' loaders. */
  final Integer load(Integer key) throws Exception {
    countCall();
    return step.answer().fromLoader(Integer.valueOf(step.value()), null);
  }

  /** {@code CacheLoader.reload}. */
  final Integer reload(Integer key, Integer oldValue) throws Exception {
    countCall();
    return step.answer().fromLoader(Integer.valueOf(step.value()), oldValue);
  }

  /** {@code CacheLoader.loadAll}, for the loaders that implement it. */
  final Map<Integer, Integer> loadAll(Set<? extends Integer> keys) throws Exception {
    countCall();
    if (step.answer() == Answer.CHECKED_FAILURE) {
      throw new Answer.CheckedFailure();
    }
    return step.bulkAnswer(keys);
  }

  abstract void put(Integer key, Integer value);

  abstract void putAll(Map<Integer, Integer> entries);

  abstract Integer getIfPresent(Integer key);

  abstract Map<Integer, Integer> getAllPresent(List<Integer> keys);

  abstract Integer get(Integer key, Function<Integer, Integer> loader);

  /** The loading cache's {@code get}, with the side's cache loader. */
  abstract Integer get(Integer key);

  abstract Map<Integer, Integer> getAll(List<Integer> keys,
      Function<Set<? extends Integer>, Map<Integer, Integer>> loader);

  abstract Map<Integer, Integer> getAll(List<Integer> keys);

  abstract CompletableFuture<Integer> refresh(Integer key);

  abstract void invalidate(Integer key);

  abstract void invalidateAll(List<Integer> keys);

  abstract void invalidateAll();

  abstract ConcurrentMap<Integer, Integer> asMap();

  abstract void cleanUp();

  /** The number of entries held, expired ones not yet removed included. */
  abstract long size();

  abstract OptionalLong weightedSize();

  /**
   * The statistics both libraries define alike: hits, misses, loads that succeeded and failed (a load of
   * {@code null} is a failure), and evictions (expirations included).
   */
  abstract List<Long> statistics();

  /**
   * A call's result as text: a refresh's future by how it completed, a failed one by the exception that
   * {@code get()} reports as the cause. Whether {@code handle} sees that exception itself or wrapped in a
   * {@link CompletionException} depends on how the future was completed ({@code supplyAsync} wraps,
   * {@code completeExceptionally} does not), which neither library's contract states.
   */
  private static String describe(Object result) {
    if (result instanceof CompletableFuture<?> future) {
      return future.handle((value, failure) -> failure == null ? "future of " + value
          : "future failed: " + thrown(failure instanceof CompletionException ? failure.getCause() : failure))
          .join();
    }
    return "returned " + result;
  }

  /** An exception by its type, and a {@link CompletionException}'s cause by its type too. */
  private static String thrown(Throwable failure) {
    String type = failure.getClass().getSimpleName();
    return failure instanceof CompletionException && failure.getCause() != null
        ? "threw " + type + " of " + failure.getCause().getClass().getSimpleName()
        : "threw " + type;
  }
}
