package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import io.github.clockpro.Expiry;
import io.github.clockpro.RemovalCause;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A hostile user's attacks on {@code weakKeys()} through the public API, each run on clockpro and on Caffeine built
 * the same way, asserting the same outcome: views that compare keys by identity, keys kept reachable while a load,
 * refresh or future of theirs is pending, and entries reported removed exactly once, never with a {@code null} key
 * but to the removal listener for {@link RemovalCause#COLLECTED}. Collection is the collector's: a test that needs
 * a key collected drops it and runs {@link System#gc()} until a weak reference to it is cleared.
 */
class HostileWeakKeysTest {

  private static final Executor DIRECT = Runnable::run;

  /** Equal to every key with the same number, but a distinct object: an identity-keyed cache tells them apart. */
  private record Key(int number) {}

  /** What the callbacks of one cache saw: the removals, and whether any callback was given a {@code null} key. */
  private static final class Callbacks {
    final List<String> removals = Collections.synchronizedList(new ArrayList<>());
    final List<String> nullKeys = Collections.synchronizedList(new ArrayList<>());

    int weigh(Object key, Object value) {
      saw(key, "weigher");
      return 1;
    }

    Duration expire(Object key, Object value) {
      saw(key, "expiry");
      return Duration.ofDays(1);
    }

    void removed(Object key, Object value, Object cause) {
      if (key == null && !"COLLECTED".equals(cause.toString())) {
        nullKeys.add("listener " + cause);
      }
      removals.add((key == null ? "null" : "key") + "=" + value + " " + cause);
    }

    void saw(Object key, String callback) {
      if (key == null) {
        nullKeys.add(callback);
      }
    }

    List<String> outcome() {
      List<String> outcome = new ArrayList<>(removals);
      outcome.add("null keys " + nullKeys);
      return outcome;
    }
  }

  /* ---------------- Views compare keys by identity ---------------- */

  @Test
  void shouldCompareKeysByIdentityInEveryViewOfTheMap() {
    ConcurrentMap<Key, String> ours = ClockProCache.builder().weakKeys().maximumSize(100).<Key, String>build().asMap();
    ConcurrentMap<Key, String> caffeine = Caffeine.newBuilder().weakKeys().maximumSize(100).<Key, String>build()
        .asMap();
    List<String> outcome = attackViews(ours);
    assertEquals(attackViews(caffeine), outcome);
    assertEquals("keySet.remove(equal) false", outcome.get(0));
  }

  /** Each view's operations with a key equal to the stored one but not the same object, then with the same one. */
  private static List<String> attackViews(ConcurrentMap<Key, String> map) {
    Key stored = new Key(1);
    Key equal = new Key(1);
    map.put(stored, "v");
    List<String> outcome = new ArrayList<>();
    outcome.add("keySet.remove(equal) " + map.keySet().remove(equal));
    outcome.add("keySet.contains(equal) " + map.keySet().contains(equal));
    outcome.add("containsKey(equal) " + map.containsKey(equal));
    outcome.add("entrySet.contains(equal) " + map.entrySet().contains(new SimpleEntry<>(equal, "v")));
    outcome.add("entrySet.remove(equal) " + map.entrySet().remove(new SimpleEntry<>(equal, "v")));
    outcome.add("remove(equal, v) " + map.remove(equal, "v"));
    outcome.add("replace(equal, v, w) " + map.replace(equal, "v", "w"));
    outcome.add("replace(equal, w) " + map.replace(equal, "w"));
    outcome.add("computeIfPresent(equal) " + map.computeIfPresent(equal, (key, value) -> "w"));
    outcome.add("remove(equal) " + map.remove(equal));
    outcome.add("keySet.removeAll(set of equal) " + map.keySet().removeAll(Set.of(equal)));
    map.put(stored, "v");
    outcome.add("keySet.retainAll(list of equal) " + map.keySet().retainAll(List.of(equal)));
    outcome.add("keySet.containsAll(list of equal) " + map.keySet().containsAll(List.of(equal)));
    outcome.add("map " + map);
    outcome.add("equals(map of equal) " + map.equals(Map.of(equal, "v")));
    outcome.add("hashCode " + (map.hashCode() == Map.of(equal, "v").hashCode()));
    Map.Entry<Key, String> entry = map.entrySet().iterator().next();
    outcome.add("entry equals(equal) " + entry.equals(new SimpleEntry<>(equal, "v")));
    outcome.add("entry hashCode " + (entry.hashCode() == new SimpleEntry<>(equal, "v").hashCode()));
    outcome.add("putIfAbsent(equal) " + map.putIfAbsent(equal, "e"));
    outcome.add("size " + map.size());
    outcome.add("keySet.remove(stored) " + map.keySet().remove(stored));
    outcome.add("entrySet.remove(equal, e) " + map.entrySet().remove(new SimpleEntry<>(equal, "e")));
    outcome.add("size " + map.size());
    map.put(stored, "v");
    Iterator<String> values = map.values().iterator();
    values.next();
    values.remove();
    outcome.add("after values' iterator removal " + map);
    map.put(stored, "v");
    outcome.add("values.remove(v) " + map.values().remove("v") + " " + map);
    map.put(stored, "v");
    Iterator<Map.Entry<Key, String>> entries = map.entrySet().iterator();
    entries.next().setValue("set");
    outcome.add("after setValue " + map.get(stored) + " " + map.get(equal));
    entries.remove();
    outcome.add("after entries' iterator removal " + map);
    return outcome;
  }

  /* ---------------- A pending refresh keeps its key reachable ---------------- */

  @Test
  void shouldKeepTheKeyOfARefreshInFlightReachableAndReportItsEntryOnce() throws InterruptedException {
    for (boolean afterWrite : new boolean[] {false, true}) {
      Callbacks ours = new Callbacks();
      Callbacks caffeine = new Callbacks();
      refreshThenCollect(ours, afterWrite, ticker -> loader -> {
        CacheBuilder<Object, Object> builder = ClockProCache.builder().weakKeys().executor(DIRECT)
            .maximumWeight(100).weigher(ours::weigh)
            .expireAfter(Expiry.creating(ours::expire))
            .removalListener(ours::removed).ticker(ticker::get);
        if (afterWrite) {
          builder.refreshAfterWrite(Duration.ofSeconds(1));
        }
        ClockProLoadingCache<Key, String> cache = builder.build(new CacheLoader<Key, String>() {
          @Override
          public String load(Key key) {
            return "loaded";
          }

          @Override
          public CompletableFuture<String> asyncReload(Key key, String oldValue, Executor executor) {
            return loader;
          }
        });
        return new Refreshable(cache.asMap()::put, cache::refresh, cache::getIfPresent, cache::cleanUp);
      });
      refreshThenCollect(caffeine, afterWrite, ticker -> loader -> {
        Caffeine<Object, Object> builder = Caffeine.newBuilder().weakKeys().executor(DIRECT)
            .maximumWeight(100).weigher(caffeine::weigh)
            .expireAfter(com.github.benmanes.caffeine.cache.Expiry.creating(caffeine::expire))
            .removalListener(caffeine::removed).ticker(ticker::get);
        if (afterWrite) {
          builder.refreshAfterWrite(Duration.ofSeconds(1));
        }
        com.github.benmanes.caffeine.cache.LoadingCache<Key, String> cache = builder.build(
            new com.github.benmanes.caffeine.cache.CacheLoader<Key, String>() {
              @Override
              public String load(Key key) {
                return "loaded";
              }

              @Override
              public CompletableFuture<String> asyncReload(Key key, String oldValue, Executor executor) {
                return loader;
              }
            });
        return new Refreshable(cache.asMap()::put, cache::refresh, cache::getIfPresent, cache::cleanUp);
      });
      assertEquals(caffeine.outcome(), ours.outcome(), "refreshAfterWrite " + afterWrite);
      assertEquals(List.of("key=old REPLACED", "null=new COLLECTED", "null keys []"), ours.outcome());
    }
  }

  /** The operations of a loading cache that the refresh attack uses, on either library. */
  private record Refreshable(BiConsumer<Key, String> put, Function<Key, ?> refresh,
      Function<Key, String> getIfPresent, Runnable cleanUp) {}

  private static void refreshThenCollect(Callbacks callbacks, boolean afterWrite,
      Function<AtomicLong, Function<CompletableFuture<String>, Refreshable>> build) throws InterruptedException {
    AtomicLong ticker = new AtomicLong(1);
    CompletableFuture<String> reload = new CompletableFuture<>();
    Refreshable cache = build.apply(ticker).apply(reload);
    WeakReference<Key> key = startRefresh(cache, ticker, afterWrite);
    assertFalse(collect(key, cache.cleanUp()), "a refresh in flight keeps its key reachable");
    reload.complete("new");
    cache.cleanUp().run();
    assertTrue(collect(key, cache.cleanUp()), "the key is collected once its refresh completed");
    cache.cleanUp().run();
  }

  private static WeakReference<Key> startRefresh(Refreshable cache, AtomicLong ticker, boolean afterWrite) {
    Key key = new Key(1);
    cache.put().accept(key, "old");
    if (afterWrite) {
      ticker.addAndGet(Duration.ofSeconds(2).toNanos());
      assertEquals("old", cache.getIfPresent().apply(key));
    } else {
      cache.refresh().apply(key);
    }
    return new WeakReference<>(key);
  }

  /**
   * Runs the collector until {@code key} is cleared, a few times when it is expected to stay; returns whether it
   * was cleared. {@code cleanUp} runs between attempts, so that a cache drains what the collector queued, and
   * once more a little after the key was cleared: the JDK's reference handler queues cleared references on its own
   * thread, after the collection.
   */
  private static boolean collect(WeakReference<?> key, Runnable cleanUp) throws InterruptedException {
    for (int attempt = 0; attempt < 20 && !key.refersTo(null); attempt++) {
      System.gc();
      Thread.sleep(5);
      cleanUp.run();
    }
    if (!key.refersTo(null)) {
      return false;
    }
    Thread.sleep(50);
    cleanUp.run();
    return true;
  }

  /* ---------------- A pending future keeps its key reachable ---------------- */

  @Test
  void shouldKeepTheKeyOfAPendingFutureReachableAndReportItsEntryOnce() throws InterruptedException {
    for (String operation : List.of("get", "getAll", "put", "asMap.put", "asMap.computeIfAbsent", "asMap.merge")) {
      Callbacks ours = new Callbacks();
      Callbacks caffeine = new Callbacks();
      AsyncOperations oursCache = asyncOperations(ClockProCache.builder().weakKeys().executor(DIRECT)
          .maximumWeight(100).weigher(ours::weigh).expireAfter(Expiry.creating(ours::expire))
          .removalListener(ours::removed).<Key, String>buildAsync());
      com.github.benmanes.caffeine.cache.AsyncCache<Key, String> caffeineCache = Caffeine.newBuilder().weakKeys()
          .executor(DIRECT).maximumWeight(100).weigher(caffeine::weigh)
          .expireAfter(com.github.benmanes.caffeine.cache.Expiry.creating(caffeine::expire))
          .removalListener(caffeine::removed).buildAsync();
      AsyncOperations caffeineOperations = new AsyncOperations(
          (key, future) -> caffeineCache.get(key, (k, executor) -> future),
          (key, future) -> caffeineCache.getAll(List.of(key),
              (keys, executor) -> future.thenApply(value -> Map.of(keys.iterator().next(), value))),
          caffeineCache::put, caffeineCache.asMap(), caffeineCache.synchronous()::cleanUp,
          () -> caffeineCache.synchronous().estimatedSize());
      assertEquals(pendThenCollect(caffeineOperations, operation, caffeine),
          pendThenCollect(oursCache, operation, ours), operation);
      assertEquals(caffeine.outcome(), ours.outcome(), operation);
      assertEquals(List.of("null=value COLLECTED", "null keys []"), ours.outcome(), operation);
    }
  }

  private static AsyncOperations asyncOperations(ClockProAsyncCache<Key, String> cache) {
    return new AsyncOperations((key, future) -> cache.get(key, (k, executor) -> future),
        (key, future) -> cache.getAll(List.of(key),
            (keys, executor) -> future.thenApply(value -> Map.of(keys.iterator().next(), value))),
        cache::put, cache.asMap(), cache.synchronous()::cleanUp, () -> cache.synchronous().estimatedSize());
  }

  /** An asynchronous cache's three ways to store a future, and its clean-up and size, on either library. */
  private record AsyncOperations(BiConsumer<Key, CompletableFuture<String>> get,
      BiConsumer<Key, CompletableFuture<String>> getAll,
      BiConsumer<Key, CompletableFuture<String>> put, ConcurrentMap<Key, CompletableFuture<String>> map,
      Runnable cleanUp,
      LongSupplier size) {}

  private static List<String> pendThenCollect(AsyncOperations cache, String operation, Callbacks callbacks)
      throws InterruptedException {
    CompletableFuture<String> pending = new CompletableFuture<>();
    WeakReference<Key> key = store(cache, operation, pending);
    List<String> outcome = new ArrayList<>();
    outcome.add("collected while pending " + collect(key, cache.cleanUp()));
    pending.complete("value");
    outcome.add("collected once complete " + collect(key, cache.cleanUp()));
    cache.cleanUp().run();
    outcome.add("size " + cache.size().getAsLong());
    return outcome;
  }

  private static WeakReference<Key> store(AsyncOperations cache, String operation, CompletableFuture<String> pending) {
    Key key = new Key(1);
    switch (operation) {
      case "get" -> cache.get().accept(key, pending);
      case "asMap.put" -> cache.map().put(key, pending);
      case "asMap.computeIfAbsent" -> cache.map().computeIfAbsent(key, k -> pending);
      case "asMap.merge" -> cache.map().merge(key, pending, (present, given) -> given);
      case "getAll" -> cache.getAll().accept(key, pending);
      default -> cache.put().accept(key, pending);
    }
    return new WeakReference<>(key);
  }

  /* ---------------- Entries whose key was collected ---------------- */

  @Test
  void shouldReportAnInvalidatedEntryWhoseKeyWasCollectedAsCaffeineDoes() throws InterruptedException {
    Callbacks ours = new Callbacks();
    Callbacks caffeine = new Callbacks();
    ClockProCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(100).executor(DIRECT)
        .recordStats().removalListener(ours::removed).build();
    com.github.benmanes.caffeine.cache.Cache<Key, String> caffeineCache = Caffeine.newBuilder().weakKeys()
        .maximumSize(100).executor(DIRECT).recordStats().removalListener(caffeine::removed).build();
    WeakReference<Key> oursKey = putAndForget(cache.asMap());
    WeakReference<Key> caffeineKey = putAndForget(caffeineCache.asMap());
    assumeTrue(collect(oursKey, () -> { }) && collect(caffeineKey, () -> { }), "the collector did not run");
    cache.invalidateAll();
    caffeineCache.invalidateAll();
    assertEquals(sorted(caffeine.outcome()), sorted(ours.outcome()), "in any order");
    assertEquals(caffeineCache.stats().evictionCount(), cache.stats().evictionCount());
    assertEquals(caffeineCache.estimatedSize(), cache.estimatedSize());
  }

  private static List<String> sorted(List<String> list) {
    return list.stream().sorted().toList();
  }

  private static WeakReference<Key> putAndForget(ConcurrentMap<Key, String> map) {
    Key key = new Key(1);
    map.put(key, "value");
    map.put(new Key(2), "other"); // an entry whose key is never held: collected as well
    return new WeakReference<>(key);
  }

  /* ---------------- Callbacks that throw ---------------- */

  @Test
  void shouldLeaveTheCacheAsCaffeineDoesWhenAWeigherOrListenerThrows() {
    ConcurrentMap<Key, String> ours = ClockProCache.builder().weakKeys().maximumWeight(100).executor(DIRECT)
        .weigher(HostileWeakKeysTest::weighOrThrow)
        .removalListener((Key key, String value, RemovalCause cause) -> {
          throw new IllegalStateException("listener");
        }).<Key, String>build().asMap();
    ConcurrentMap<Key, String> caffeine = Caffeine.newBuilder().weakKeys().maximumWeight(100).executor(DIRECT)
        .weigher(HostileWeakKeysTest::weighOrThrow)
        .removalListener((Key key, String value, com.github.benmanes.caffeine.cache.RemovalCause cause) -> {
          throw new IllegalStateException("listener");
        }).<Key, String>build().asMap();
    List<String> outcome = throwInCallbacks(ours);
    assertEquals(throwInCallbacks(caffeine), outcome);
    assertEquals("put(bad) IllegalStateException", outcome.get(0));
  }

  private static int weighOrThrow(Key key, String value) {
    if (value.equals("bad")) {
      throw new IllegalStateException("weigher");
    }
    return 1;
  }

  private static List<String> throwInCallbacks(ConcurrentMap<Key, String> map) {
    Key key = new Key(1);
    List<String> outcome = new ArrayList<>();
    outcome.add("put(bad) " + failure(() -> map.put(key, "bad")));
    outcome.add("after " + map);
    map.put(key, "v");
    outcome.add("put(w) over v " + failure(() -> map.put(key, "w")) + " " + map.get(key));
    outcome.add("compute(bad) " + failure(() -> map.compute(key, (k, value) -> "bad")) + " " + map.get(key));
    outcome.add("remove " + failure(() -> map.remove(key)) + " " + map.containsKey(key) + " " + map.size());
    return outcome;
  }

  /** The simple name of what {@code action} threw, or "returned". */
  private static String failure(Runnable action) {
    try {
      action.run();
      return "returned";
    } catch (RuntimeException thrown) {
      return thrown.getClass().getSimpleName();
    }
  }

  /* ---------------- Bad input ---------------- */

  @Test
  void shouldRejectNullsBeforeAnyChangeNamingTheArgument() {
    ClockProLoadingCache<Key, String> cache = ClockProCache.builder().weakKeys().maximumSize(100)
        .build(key -> "loaded");
    Key key = new Key(1);
    cache.put(key, "v");
    ConcurrentMap<Key, String> map = cache.asMap();
    List<org.junit.jupiter.api.function.Executable> attacks = List.of(
        () -> cache.put(null, "v"), () -> cache.put(key, null), () -> cache.get(null),
        () -> cache.getIfPresent(null), () -> cache.refresh(null), () -> cache.invalidate(null),
        () -> cache.getAll(Arrays.asList(key, null)),
        () -> cache.invalidateAll(Arrays.asList(key, null)),
        () -> map.put(null, "v"), () -> map.put(key, null), () -> map.replace(key, null),
        () -> map.replace(key, "v", null), () -> map.merge(key, null, (a, b) -> a),
        () -> map.merge(key, "v", null), () -> map.computeIfAbsent(null, k -> "v"),
        () -> map.computeIfAbsent(key, null), () -> map.compute(key, null),
        () -> cache.putAll(Collections.singletonMap(key, null)),
        () -> cache.putAll(Collections.singletonMap(null, "v")));
    for (org.junit.jupiter.api.function.Executable attack : attacks) {
      NullPointerException rejected = assertThrows(NullPointerException.class, attack);
      assertTrue(rejected.getMessage() != null, "the argument is named: " + rejected);
    }
    assertEquals(Map.of(key, "v"), Map.copyOf(map));
    assertThrows(NullPointerException.class, () -> cache.put(null, "v"));
    assertNull(map.get(new Key(1)));
  }

  /* ---------------- Writers and the collector racing ---------------- */

  @Test
  void shouldReportEveryValueOnceAndNeverANullKeyWhileWritersRaceTheCollector() throws Exception {
    Callbacks callbacks = new Callbacks();
    Map<String, Integer> reported = new ConcurrentHashMap<>();
    Set<String> created = ConcurrentHashMap.newKeySet();
    AtomicLong values = new AtomicLong();
    Function<String, String> newValue = kind -> {
      String value = kind + values.incrementAndGet();
      created.add(value);
      return value;
    };
    // A load whose place a put filled first returns the put's value, and its own never enters the cache: it is not
    // reported (LoaderContractTest), so it is left out of the values made.
    ThreadLocal<String> lastLoaded = new ThreadLocal<>();
    ExecutorService reloads = Executors.newFixedThreadPool(2);
    ClockProLoadingCache<Key, String> cache = ClockProCache.builder().weakKeys().executor(reloads).scanLimit(4)
        .maximumWeight(40).weigher(callbacks::weigh)
        .expireAfter(Expiry.creating((Key key, String value) -> {
          callbacks.saw(key, "expiry");
          return Duration.ofMillis(value.hashCode() % 2 == 0 ? 1 : 1_000);
        }))
        .refreshAfterWrite(Duration.ofMillis(2))
        .removalListener((Key key, String value, RemovalCause cause) -> {
          callbacks.removed(key, value, cause);
          reported.merge(value, 1, Integer::sum);
        })
        .build(new CacheLoader<Key, String>() {
          @Override
          public String load(Key key) {
            callbacks.saw(key, "load");
            String loaded = newValue.apply("load");
            lastLoaded.set(loaded);
            return loaded;
          }

          @Override
          public String reload(Key key, String oldValue) {
            callbacks.saw(key, "reload");
            return newValue.apply("reload");
          }
        });
    AtomicReferenceArray<Key> keys = new AtomicReferenceArray<>(64);
    for (int slot = 0; slot < keys.length(); slot++) {
      keys.set(slot, new Key(slot));
    }
    AtomicBoolean running = new AtomicBoolean(true);
    Thread collector = new Thread(() -> {
      while (running.get()) {
        System.gc();
        LockSupport.parkNanos(2_000_000);
      }
    });
    collector.start();
    List<Thread> writers = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (int writer = 0; writer < 4; writer++) {
      int seed = writer;
      writers.add(new Thread(() -> {
        Random random = new Random(seed);
        try {
          for (int step = 0; step < 10_000; step++) {
            int slot = random.nextInt(keys.length());
            Key key = keys.get(slot);
            switch (random.nextInt(10)) {
              case 0 -> keys.set(slot, new Key(slot)); // the old key is no longer held: collectable
              case 1 -> cache.put(key, newValue.apply("put"));
              case 2 -> cache.asMap().compute(key, (k, value) -> newValue.apply("compute"));
              case 3 -> cache.invalidate(key);
              case 4 -> cache.refresh(key);
              case 5 -> cache.asMap().remove(key);
              case 6 -> cache.asMap().keySet().remove(new Key(slot));
              case 7 -> cache.getIfPresent(key);
              default -> {
                lastLoaded.remove();
                String value = cache.get(key);
                String loaded = lastLoaded.get();
                if (loaded != null && !loaded.equals(value)) {
                  created.remove(loaded);
                }
              }
            }
          }
        } catch (Throwable failure) {
          failures.add(failure);
        }
      }));
    }
    writers.forEach(Thread::start);
    for (Thread writer : writers) {
      writer.join();
    }
    running.set(false);
    collector.join();
    reloads.shutdown();
    assertTrue(reloads.awaitTermination(10, TimeUnit.SECONDS));
    cache.invalidateAll();
    cache.cleanUp();

    assertEquals(List.of(), failures);
    assertEquals(List.of(), callbacks.nullKeys, "no callback but the listener, for COLLECTED, sees a null key");
    assertEquals(Map.of(), reported.entrySet().stream().filter(entry -> entry.getValue() != 1)
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)), "reported twice");
    Set<String> unreported = new TreeSet<>(created);
    unreported.removeAll(reported.keySet());
    assertEquals(Set.of(), unreported, "every value that entered is reported removed");
    assertEquals(created.size(), reported.size(), "no value is reported that was not made");
    assertEquals(0, cache.estimatedSize());
    assertEquals(List.of(), EngineAccess.checkInvariants(cache));
  }
}
