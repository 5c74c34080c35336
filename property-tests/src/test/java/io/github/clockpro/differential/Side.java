package io.github.clockpro.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One cache of a differential run (clockpro's or Caffeine's) behind the calls the steps make, and what it was
 * heard to do: the removals its listener reported and how often the steps' functions and loaders ran.
 *
 * <p>The side is the same for both libraries; a {@link Library} builds its cache, with this side's listener and
 * loader, and names which of the cache's methods each call is ({@link Calls}), so the libraries' calls are the only
 * difference. Both caches run every step on the calling thread (an executor that runs each task at once, no
 * scheduler), so everything a step causes has happened when the call returns. {@link #run} turns a step into an
 * {@link Outcome} that can be compared with the other side's.
 */
final class Side {

  /** Builds a library's cache for a run, reporting to the side, and returns its calls. */
  @FunctionalInterface
  interface Library {
    Calls build(Settings settings, SharedTicker ticker, Side side);
  }

  /**
   * The calls the steps make, each one method of a library's loading cache.
   *
   * @param statistics the statistics both libraries define alike: hits, misses, loads that succeeded and failed (a
   *     load of {@code null} is a failure), and evictions (expirations included)
   * @param size the number of entries held, expired ones not yet removed included
   */
  record Calls(
      BiConsumer<Integer, Integer> put,
      Consumer<Map<Integer, Integer>> putAll,
      UnaryOperator<Integer> getIfPresent,
      Function<List<Integer>, Map<Integer, Integer>> getAllPresent,
      BiFunction<Integer, Function<Integer, Integer>, Integer> getWithFunction,
      UnaryOperator<Integer> get,
      BiFunction<List<Integer>, Function<Set<? extends Integer>, Map<Integer, Integer>>,
          Map<Integer, Integer>> getAllWithFunction,
      Function<List<Integer>, Map<Integer, Integer>> getAll,
      Function<Integer, CompletableFuture<Integer>> refresh,
      Consumer<Integer> invalidate,
      Consumer<List<Integer>> invalidateAllOf,
      Runnable invalidateAll,
      Supplier<ConcurrentMap<Integer, Integer>> asMap,
      Runnable cleanUp,
      LongSupplier size,
      Supplier<OptionalLong> weightedSize,
      Supplier<List<Long>> statistics) {}

  /** The step running: the cache loader answers as it says. */
  private Step step;
  private int calls;
  /** The removals other than expirations reported during the current step. */
  private final List<Removal> removals = new ArrayList<>();
  /** Every expiration reported so far: when each is reported differs by design (see {@link Outcome}). */
  private final List<Removal> expirations = new ArrayList<>();
  /** Every value the run boxed: see {@link #box}. */
  private final List<Object> held = new ArrayList<>();
  /** The calls of this side's cache. */
  private final Calls cache;

  /** A side whose cache the library builds with the run's settings and ticker. */
  Side(Library library, Settings settings, SharedTicker ticker) {
    this.cache = library.build(settings, ticker, this);
  }

  /** Runs the step and says what it did. */
  Outcome run(Step step) {
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
  List<Removal> expirations() {
    return Removal.sorted(expirations);
  }

  /** The removal listener: {@code cause} is the name of the cause, which the two libraries share. */
  void heard(Integer key, Integer value, String cause) {
    Removal removal = new Removal(key, value, cause);
    (cause.equals("EXPIRED") ? expirations : removals).add(removal);
  }

  /**
   * Boxes a value with {@link Integer#valueOf} (a new instance above 127) and holds it for the rest of the run, so
   * that a cache with weak or soft values never has one collected.
   */
  Integer box(int value) {
    Integer boxed = Integer.valueOf(value);
    held.add(boxed);
    return boxed;
  }

  void countCall() {
    calls++;
  }

  /** {@code CacheLoader.load}, for both libraries' loaders. */
  Integer load(Integer key) throws Exception {
    countCall();
    return step.answer().fromLoader(box(step.value()), null);
  }

  /** {@code CacheLoader.reload}. */
  Integer reload(Integer key, Integer oldValue) throws Exception {
    countCall();
    return step.answer().fromLoader(box(step.value()), oldValue);
  }

  /** {@code CacheLoader.loadAll}, for the loaders that implement it. */
  Map<Integer, Integer> loadAll(Set<? extends Integer> keys) throws Exception {
    countCall();
    if (step.answer() == Answer.CHECKED_FAILURE) {
      throw new Answer.CheckedFailure();
    }
    return step.bulkAnswer(keys, this);
  }

  void put(Integer key, Integer value) {
    cache.put().accept(key, value);
  }

  void putAll(Map<Integer, Integer> entries) {
    cache.putAll().accept(entries);
  }

  Integer getIfPresent(Integer key) {
    return cache.getIfPresent().apply(key);
  }

  Map<Integer, Integer> getAllPresent(List<Integer> keys) {
    return cache.getAllPresent().apply(keys);
  }

  Integer get(Integer key, Function<Integer, Integer> loader) {
    return cache.getWithFunction().apply(key, loader);
  }

  /** The loading cache's {@code get}, with the side's cache loader. */
  Integer get(Integer key) {
    return cache.get().apply(key);
  }

  Map<Integer, Integer> getAll(List<Integer> keys, Function<Set<? extends Integer>, Map<Integer, Integer>> loader) {
    return cache.getAllWithFunction().apply(keys, loader);
  }

  Map<Integer, Integer> getAll(List<Integer> keys) {
    return cache.getAll().apply(keys);
  }

  CompletableFuture<Integer> refresh(Integer key) {
    return cache.refresh().apply(key);
  }

  void invalidate(Integer key) {
    cache.invalidate().accept(key);
  }

  void invalidateAll(List<Integer> keys) {
    cache.invalidateAllOf().accept(keys);
  }

  void invalidateAll() {
    cache.invalidateAll().run();
  }

  ConcurrentMap<Integer, Integer> asMap() {
    return cache.asMap().get();
  }

  void cleanUp() {
    cache.cleanUp().run();
  }

  /** The number of entries held, expired ones not yet removed included. */
  long size() {
    return cache.size().getAsLong();
  }

  OptionalLong weightedSize() {
    return cache.weightedSize().get();
  }

  /** The statistics of {@link Calls#statistics}. */
  List<Long> statistics() {
    return cache.statistics().get();
  }

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
