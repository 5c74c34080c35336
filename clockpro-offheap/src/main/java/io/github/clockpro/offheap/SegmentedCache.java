package io.github.clockpro.offheap;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.Policy;
import io.github.clockpro.RemovalListener;
import io.github.clockpro.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The {@link OffHeapCache}: serializes keys and values, hashes the key to one of the {@link Segment}s, and reports
 * removals once the segment's lock is released.
 */
final class SegmentedCache<K, V> implements OffHeapCache<K, V> {

  /*
   * Overview
   *
   * Every operation serializes outside any lock: a write builds its complete entry (EntryLayout) on the heap,
   * checksum included, so that the segment's write lock covers only the index, the hand and one copy of the
   * bytes. A serializer, expiry or loader that throws therefore changes nothing. The removals a segment collects
   * under its lock are deserialized and passed to the listener afterwards, on the caller's thread.
   *
   * Segments: a power of two, up to 64 (one per MiB for small caches) and at least enough that none exceeds 1 GiB;
   * the segment of a key comes from a multiplicative mix of its 32-bit hash, so that it does not share bits with
   * the index's tag. The hash is seeded per directory (or per cache), so colliding keys cannot be computed ahead.
   *
   * Time: the cache's time is the ticker's reading plus an offset. A persisted cache reopened continues its time by
   * the wall-clock time elapsed since it was last opened, so that the deadlines in its files keep their meaning.
   *
   * Loads: a load in flight is a CompletableFuture in a ConcurrentHashMap keyed by the serialized key, so the heap
   * holds only the loads running, never the entries.
   */

  private static final System.Logger LOGGER = System.getLogger(SegmentedCache.class.getName());
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
      ByteOrder.LITTLE_ENDIAN);
  private static final long MAXIMUM_SEGMENT = 1L << 30;
  private static final int MAXIMUM_SEGMENTS = 64;

  private final Serializer<K> keys;
  private final Serializer<V> values;
  private final long maximumBytes;
  private final int scanLimit;
  private final Ticker ticker;
  private final RemovalListener<? super K, ? super V> listener;
  private final Lifetimes<? super K, ? super V> lifetimes;
  private final EntryLayout layout;
  private final Segment[] segments;
  private final int segmentShift;
  private final long seed;
  /** Added to the ticker's reading to give the cache's time; fixed at build. */
  private final long timeOffset;
  private final FileChannel lockChannel;
  private final FileLock directoryLock;
  private final ConcurrentMap<ByteKey, Load<V>> loads = new ConcurrentHashMap<>();
  private final OffHeapMapView<K, V> mapView;
  private final OffHeapPolicy<K, V> policy;

  private final LongAdder hitCount = new LongAdder();
  private final LongAdder missCount = new LongAdder();
  private final LongAdder putCount = new LongAdder();
  private final LongAdder loadSuccessCount = new LongAdder();
  private final LongAdder loadFailureCount = new LongAdder();
  private final LongAdder totalLoadTime = new LongAdder();
  private final LongAdder bulkLoadSuccessCount = new LongAdder();
  private final LongAdder bulkLoadFailureCount = new LongAdder();

  /** Set once by {@link #close()}. */
  private volatile boolean closed;

  SegmentedCache(Configuration<K, V> configuration) {
    this.keys = configuration.keys();
    this.values = configuration.values();
    this.maximumBytes = configuration.maximumBytes();
    this.scanLimit = configuration.scanLimit();
    this.ticker = configuration.ticker();
    this.listener = configuration.removalListener();
    this.lifetimes = configuration.lifetimes();
    this.layout = new EntryLayout(lifetimes.expires());
    int count = segmentCount(maximumBytes);
    this.segmentShift = 32 - Integer.numberOfTrailingZeros(count);
    int capacity = (int) (maximumBytes / count);
    this.segments = new Segment[count];
    Path directory = configuration.directory();
    if (directory == null) {
      this.lockChannel = null;
      this.directoryLock = null;
      this.seed = new SecureRandom().nextLong();
      this.timeOffset = 0;
      for (int index = 0; index < count; index++) {
        segments[index] = new Segment(layout, capacity, scanLimit, null);
      }
    } else {
      this.lockChannel = openLock(directory);
      this.directoryLock = lock(lockChannel, directory);
      try {
        SegmentFile[] files = openFiles(directory, count, capacity);
        this.seed = files[0].seed();
        long wall = ChronoUnit.NANOS.between(Instant.EPOCH, Instant.now());
        long reading = ticker.read();
        this.timeOffset = files[0].existed ? files[0].continuedTime(wall) - reading : 0;
        long now = reading + timeOffset;
        for (int index = 0; index < count; index++) {
          segments[index] = new Segment(layout, capacity, scanLimit, files[index]);
          if (files[index].existed) {
            segments[index].openLazily(new Segment.Reopening(now, this::hash));
          }
          files[index].recordOpen(now, wall);
        }
      } catch (RuntimeException | Error e) {
        releaseLock();
        throw e;
      }
    }
    this.mapView = new OffHeapMapView<>(this);
    this.policy = new OffHeapPolicy<>(this);
  }

  /** A power of two: up to 64 segments of at least 1 MiB each, and as many as needed to keep each within 1 GiB. */
  static int segmentCount(long maximumBytes) {
    long bySize = Math.max(1, Math.min(MAXIMUM_SEGMENTS, maximumBytes >>> 20));
    long needed = (maximumBytes + MAXIMUM_SEGMENT - 1) / MAXIMUM_SEGMENT;
    long count = Math.max(Long.highestOneBit(bySize), needed);
    return (int) (Long.bitCount(count) == 1 ? count : Long.highestOneBit(count) << 1);
  }

  private static FileChannel openLock(Path directory) {
    try {
      Files.createDirectories(directory);
      return FileChannel.open(directory.resolve("cache.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("could not open the directory " + directory, e);
    }
  }

  private static FileLock lock(FileChannel channel, Path directory) {
    try {
      FileLock lock = channel.tryLock();
      if (lock == null) {
        throw new IllegalStateException(directory + " is in use by a cache of another process");
      }
      return lock;
    } catch (OverlappingFileLockException e) {
      closeQuietly(channel);
      throw new IllegalStateException(directory + " is in use by another open cache of this process", e);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException("could not lock " + directory, e);
    } catch (IllegalStateException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  private SegmentFile[] openFiles(Path directory, int count, int capacity) {
    int existing = 0;
    for (int index = 0; index < count; index++) {
      existing += Files.exists(SegmentFile.pathOf(directory, index)) ? 1 : 0;
    }
    if (existing != 0 && existing != count) {
      throw new IllegalStateException(directory + " holds " + existing + " of the " + count + " segment files this"
          + " cache needs: it was written with another maximumBytes, or files are missing; delete the directory to"
          + " start empty");
    }
    if (existing == 0) {
      requireSpace(directory, count * ((long) SegmentFile.HEADER_BYTES + capacity), usableSpace(directory));
    }
    SegmentFile[] files = new SegmentFile[count];
    long newSeed = new SecureRandom().nextLong();
    for (int index = 0; index < count; index++) {
      files[index] = SegmentFile.open(SegmentFile.pathOf(directory, index), count, index, capacity, maximumBytes,
          index == 0 ? newSeed : files[0].seed(), layout.expires);
      if (files[index].seed() != files[0].seed()) {
        throw new IllegalStateException(SegmentFile.pathOf(directory, index) + " belongs to another cache than "
            + SegmentFile.pathOf(directory, 0) + "; delete the directory to start empty");
      }
    }
    return files;
  }

  /**
   * Refuses new files the file system cannot hold: they are sparse, so a write to a page the disk has no room for
   * would fault in the mapped memory (an InternalError at some later access) rather than fail here.
   */
  static void requireSpace(Path directory, long needed, long usable) {
    if (needed > usable) {
      throw new UncheckedIOException(new IOException(directory + " has " + usable + " usable bytes, but the"
          + " cache's files take " + needed + ": choose a smaller maximumBytes or another directory"));
    }
  }

  private static long usableSpace(Path directory) {
    try {
      return Files.getFileStore(directory).getUsableSpace();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the free space of " + directory, e);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Hashing and serialization

  /** {@return the seeded 32-bit hash of a serialized key} */
  int hash(byte[] key) {
    return hash(key, 0, key.length);
  }

  private int hash(byte[] bytes, int from, int length) {
    long hash = seed ^ (length * 0x9E3779B97F4A7C15L);
    int position = from;
    int end = from + length;
    for (; position + Long.BYTES <= end; position += Long.BYTES) {
      hash = Long.rotateLeft(hash ^ (long) LONGS.get(bytes, position) * 0xC2B2AE3D27D4EB4FL, 31)
          * 0x9E3779B97F4A7C15L;
    }
    for (; position < end; position++) {
      hash = (hash ^ (bytes[position] & 0xFF)) * 0x100000001B3L;
    }
    hash ^= hash >>> 33;
    hash *= 0xFF51AFD7ED558CCDL;
    hash ^= hash >>> 33;
    hash *= 0xC4CEB9FE1A85EC53L;
    hash ^= hash >>> 33;
    return (int) hash;
  }

  private Segment segmentOf(int hash) {
    return segmentShift == 32 ? segments[0] : segments[(hash * 0x9E3779B9) >>> segmentShift];
  }

  byte[] serializeKey(K key) {
    int size = keys.serializedSize(key);
    if (size < 0 || size > EntryLayout.MAXIMUM_KEY_LENGTH) {
      throw new IllegalArgumentException("key serializes to " + size + " bytes; at most "
          + EntryLayout.MAXIMUM_KEY_LENGTH + " are allowed");
    }
    byte[] bytes = new byte[size];
    ByteBuffer target = ByteBuffer.wrap(bytes);
    keys.serialize(key, target);
    requireWritten(target, size, "key");
    return bytes;
  }

  byte[] serializeValue(V value) {
    int size = values.serializedSize(value);
    if (size < 0) {
      throw new IllegalArgumentException("the value serializer gave a negative size: " + size);
    }
    byte[] bytes = new byte[size];
    ByteBuffer target = ByteBuffer.wrap(bytes);
    values.serialize(value, target);
    requireWritten(target, size, "value");
    return bytes;
  }

  private static void requireWritten(ByteBuffer target, int size, String what) {
    if (target.position() != size) {
      throw new IllegalStateException("the " + what + " serializer wrote " + target.position() + " bytes but its"
          + " serializedSize was " + size);
    }
  }

  K deserializeKey(byte[] bytes) {
    return requireNonNull(keys.deserialize(ByteBuffer.wrap(bytes)), "the key serializer returned null");
  }

  V deserializeValue(byte[] bytes) {
    return requireNonNull(values.deserialize(ByteBuffer.wrap(bytes)), "the value serializer returned null");
  }

  /** A serialized key and value, and the entry they make once the deadline is known. */
  private final class Encoded {
    final byte[] key;
    final int hash;
    final byte[] entry;

    Encoded(K keyObject, V valueObject) {
      this.key = serializeKey(keyObject);
      byte[] value = serializeValue(valueObject);
      long size = layout.entrySize(key.length, value.length);
      if (size > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("the value serializes to " + value.length + " bytes, more than an"
            + " entry may hold");
      }
      this.hash = hash(key);
      this.entry = new byte[(int) size];
      System.arraycopy(key, 0, entry, layout.headerSize, key.length);
      System.arraycopy(value, 0, entry, layout.headerSize + key.length, value.length);
    }

    void seal(long deadline) {
      layout.writeHeader(ByteBuffer.wrap(entry).order(EntryLayout.ORDER), key.length,
          entry.length - layout.headerSize - key.length, hash, deadline);
    }
  }

  long now() {
    return lifetimes.expires() ? ticker.read() + timeOffset : 0;
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the cache is closed");
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads

  /** Reads a value without counting a hit or miss; removes it if found expired. */
  V lookup(K key) {
    requireNonNull(key, "key");
    checkOpen();
    byte[] serialized = serializeKey(key);
    int hash = hash(serialized);
    Segment segment = segmentOf(hash);
    Segment.Hit hit = segment.read(serialized, hash);
    if (hit == null) {
      return null;
    }
    long now = now();
    if (hit.deadline <= now) {
      List<Segment.Removal> removals = removals();
      segment.removeIfExpired(serialized, hash, now, removals);
      notifyListener(removals);
      return null;
    }
    hit.reference();
    V value = deserializeValue(hit.value);
    if (lifetimes.readsMoveDeadline()) {
      segment.recordReadDeadline(hit, readDeadline(key, value, now, hit.deadline));
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private long readDeadline(K key, V value, long now, long deadline) {
    return ((Lifetimes<K, V>) lifetimes).afterRead(key, value, now, deadline);
  }

  @Override
  public V getIfPresent(K key) {
    V value = lookup(key);
    (value == null ? missCount : hitCount).increment();
    return value;
  }

  @Override
  public Map<K, V> getAllPresent(Iterable<? extends K> keys) {
    Set<K> distinct = distinctKeys(keys);
    Map<K, V> present = new LinkedHashMap<>();
    for (K key : distinct) {
      V value = getIfPresent(key);
      if (value != null) {
        present.put(key, value);
      }
    }
    return Collections.unmodifiableMap(present);
  }

  private static <K> Set<K> distinctKeys(Iterable<? extends K> keys) {
    requireNonNull(keys, "keys");
    Set<K> distinct = new LinkedHashSet<>();
    for (K key : keys) {
      distinct.add(requireNonNull(key, "keys contains a null key"));
    }
    return distinct;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Loads

  /** A load in flight: its future, and the thread running it (to refuse a recursive load). */
  private record Load<V>(CompletableFuture<V> future, Thread thread) {}

  /** A serialized key as a map key. */
  private record ByteKey(byte[] bytes) {
    @Override
    public boolean equals(Object other) {
      return other instanceof ByteKey key && Arrays.equals(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return "ByteKey" + Arrays.toString(bytes);
    }
  }

  @Override
  public V get(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(key, "key");
    requireNonNull(loader, "loader");
    V value = lookup(key);
    if (value != null) {
      hitCount.increment();
      return value;
    }
    missCount.increment();
    ByteKey loadKey = new ByteKey(serializeKey(key));
    Load<V> load = new Load<>(new CompletableFuture<>(), Thread.currentThread());
    Load<V> running = loads.putIfAbsent(loadKey, load);
    if (running != null) {
      if (running.thread() == Thread.currentThread()) {
        throw new IllegalStateException("the loader tried to load the key it is loading: " + key);
      }
      return await(running.future());
    }
    try {
      long start = System.nanoTime();
      V loaded;
      try {
        loaded = loader.apply(key);
      } finally {
        totalLoadTime.add(System.nanoTime() - start);
      }
      if (loaded == null) {
        loadFailureCount.increment();
      } else {
        loadSuccessCount.increment();
        write(key, loaded, Segment.Mode.IF_ABSENT, null, false);
      }
      load.future().complete(loaded);
      return loaded;
    } catch (RuntimeException | Error e) {
      loadFailureCount.increment();
      load.future().completeExceptionally(e);
      throw e;
    } finally {
      loads.remove(loadKey, load);
    }
  }

  private static <V> V await(CompletableFuture<V> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    Set<K> distinct = distinctKeys(keys);
    requireNonNull(mappingFunction, "mappingFunction");
    Map<K, V> found = new LinkedHashMap<>();
    Set<K> missing = new LinkedHashSet<>();
    for (K key : distinct) {
      V value = getIfPresent(key);
      if (value == null) {
        missing.add(key);
      } else {
        found.put(key, value);
      }
    }
    if (!missing.isEmpty()) {
      long start = System.nanoTime();
      Map<? extends K, ? extends V> loaded;
      try {
        loaded = mappingFunction.apply(Collections.unmodifiableSet(missing));
        requireNonNull(loaded, "mappingFunction returned null");
        for (Map.Entry<? extends K, ? extends V> entry : loaded.entrySet()) {
          requireNonNull(entry.getKey(), "mappingFunction returned a null key");
          requireNonNull(entry.getValue(), "mappingFunction returned a null value");
        }
      } catch (RuntimeException | Error e) {
        totalLoadTime.add(System.nanoTime() - start);
        loadFailureCount.increment();
        bulkLoadFailureCount.increment();
        throw e;
      }
      totalLoadTime.add(System.nanoTime() - start);
      loadSuccessCount.increment();
      bulkLoadSuccessCount.increment();
      for (Map.Entry<? extends K, ? extends V> entry : loaded.entrySet()) {
        put(entry.getKey(), entry.getValue());
      }
      for (K key : missing) {
        V value = loaded.get(key);
        if (value != null) {
          found.put(key, value);
        }
      }
    }
    Map<K, V> ordered = new LinkedHashMap<>();
    for (K key : distinct) {
      V value = found.get(key);
      if (value != null) {
        ordered.put(key, value);
      }
    }
    return Collections.unmodifiableMap(ordered);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Writes

  /**
   * Writes the key's value if the mode allows, reporting removals afterwards.
   *
   * @return the outcome: the previous value's bytes if asked for, and whether the value was stored
   */
  @SuppressWarnings("unchecked")
  Segment.Outcome write(K key, V value, Segment.Mode mode, byte[] expected, boolean wantPrevious) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    checkOpen();
    Encoded encoded = new Encoded(key, value);
    Segment segment = segmentOf(encoded.hash);
    long now = now();
    long deadline = Lifetimes.NEVER;
    if (lifetimes.expires()) {
      Lifetimes<K, V> typed = (Lifetimes<K, V>) lifetimes;
      Segment.Hit current = mode == Segment.Mode.IF_ABSENT ? null : segment.read(encoded.key, encoded.hash);
      deadline = current == null || current.deadline <= now ? typed.afterCreate(key, value, now)
          : typed.afterUpdate(key, value, now, current.deadline);
    }
    encoded.seal(deadline);
    List<Segment.Removal> removals = removals();
    Segment.Outcome outcome = segment.put(encoded.entry, encoded.key.length, encoded.hash, deadline, now, mode,
        expected, wantPrevious, removals);
    if (outcome.stored()) {
      putCount.increment();
    }
    notifyListener(removals);
    return outcome;
  }

  @Override
  public void put(K key, V value) {
    write(key, value, Segment.Mode.ALWAYS, null, false);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    requireNonNull(map, "map");
    for (Map.Entry<? extends K, ? extends V> entry : map.entrySet()) {
      requireNonNull(entry.getKey(), "map contains a null key");
      requireNonNull(entry.getValue(), "map contains a null value");
    }
    map.forEach(this::put);
  }

  /**
   * Removes the key's entry (if it holds {@code expected}, when given).
   *
   * @return the removed value's bytes, or null
   */
  byte[] remove(K key, byte[] expected) {
    requireNonNull(key, "key");
    checkOpen();
    byte[] serialized = serializeKey(key);
    int hash = hash(serialized);
    List<Segment.Removal> removals = removals();
    byte[] removed = segmentOf(hash).remove(serialized, hash, expected, now(), removals);
    notifyListener(removals);
    return removed;
  }

  @Override
  public void invalidate(K key) {
    remove(key, null);
  }

  @Override
  public void invalidateAll(Iterable<? extends K> keys) {
    distinctKeys(keys).forEach(this::invalidate);
  }

  @Override
  public void invalidateAll() {
    sweepAll(Segment.SweepAction.REMOVE_ALL);
  }

  @Override
  public void cleanUp() {
    checkOpen();
    if (lifetimes.expires()) {
      sweepAll(Segment.SweepAction.REMOVE_EXPIRED);
    }
  }

  private void sweepAll(Segment.SweepAction action) {
    checkOpen();
    for (Segment segment : segments) {
      for (int from = 0; from < IndexTable.HASH_ORDER_END; ) {
        List<Segment.Removal> removals = removals();
        from = segment.sweep(from, scanLimit, action, now(), removals);
        notifyListener(removals);
      }
    }
  }

  /**
   * Copies the live entries of a segment whose keys lie in the range of hash order that starts at {@code from}, a
   * range of about the scan limit's slots, for the map view's iterators ({@link Segment#copyInHashOrder}).
   *
   * @return where the next range starts, {@link IndexTable#HASH_ORDER_END} after the segment's last one
   */
  int copyInHashOrder(int segment, int from, List<Segment.Removal> out) {
    checkOpen();
    return segments[segment].copyInHashOrder(from, scanLimit, now(), out);
  }

  int segmentCount() {
    return segments.length;
  }

  private List<Segment.Removal> removals() {
    return listener == null ? null : new ArrayList<>(2);
  }

  private void notifyListener(List<Segment.Removal> removals) {
    if (removals == null) {
      return;
    }
    for (Segment.Removal removal : removals) {
      try {
        listener.onRemoval(deserializeKey(removal.key()), deserializeValue(removal.value()), removal.cause());
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "the removal listener or a serializer threw", e);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Views, statistics, closing

  @Override
  public int size() {
    long size = 0;
    for (Segment segment : segments) {
      size += segment.residentCount();
    }
    return (int) Math.min(Integer.MAX_VALUE, size);
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return mapView;
  }

  @Override
  public CacheStats stats() {
    long evictions = 0;
    long evictedBytes = 0;
    long expirations = 0;
    long scans = 0;
    int maxScan = 0;
    long lockWaits = 0;
    long lockWaitNanos = 0;
    for (Segment segment : segments) {
      evictions += segment.evictionCount();
      evictedBytes += segment.evictedBytes();
      expirations += segment.expirationCount();
      scans += segment.scanCount();
      maxScan = Math.max(maxScan, segment.maxScan());
      lockWaits += segment.lockWaitCount();
      lockWaitNanos += segment.lockWaitNanos();
    }
    return CacheStats.of(hitCount.sum(), missCount.sum(), putCount.sum(), loadSuccessCount.sum(),
        loadFailureCount.sum(), totalLoadTime.sum(), bulkLoadSuccessCount.sum(), bulkLoadFailureCount.sum(), 0, 0,
        evictions + expirations, evictedBytes, expirations, scans, maxScan, lockWaits, lockWaitNanos);
  }

  @Override
  public Policy<K, V> policy() {
    return policy;
  }

  Segment[] segments() {
    return segments;
  }

  long maximumBytes() {
    return maximumBytes;
  }

  int scanLimit() {
    return scanLimit;
  }

  Lifetimes<? super K, ? super V> lifetimes() {
    return lifetimes;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    for (Segment segment : segments) {
      try {
        segment.close();
      } catch (UncheckedIOException e) {
        failure = e;
      }
    }
    releaseLock();
    if (failure != null) {
      throw failure;
    }
  }

  private void releaseLock() {
    if (lockChannel != null) {
      try {
        directoryLock.release();
      } catch (IOException e) {
        LOGGER.log(System.Logger.Level.WARNING, "could not release the directory's lock", e);
      }
      closeQuietly(lockChannel);
    }
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      LOGGER.log(System.Logger.Level.WARNING, "could not close the directory's lock file", e);
    }
  }

  @Override
  public String toString() {
    return "OffHeapCache{size=" + size() + ", maximumBytes=" + maximumBytes + ", segments=" + segments.length + "}";
  }
}
