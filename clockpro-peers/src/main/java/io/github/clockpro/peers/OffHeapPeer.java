package io.github.clockpro.peers;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.offheap.OffHeapCache;
import io.github.clockpro.offheap.Serializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.function.ObjLongConsumer;
import org.caffinitas.ohc.CacheSerializer;
import org.caffinitas.ohc.Eviction;
import org.caffinitas.ohc.OHCache;
import org.caffinitas.ohc.OHCacheBuilder;

/**
 * The caches the off-heap benchmarks compare, each bounded by the bytes of its keys and values: the off-heap clockpro
 * cache, OHC 0.7.4 in its linked mode (an allocation per entry) and its chunked mode (fixed-size chunks per
 * segment), and the heap caches, clockpro and Caffeine, weighing each entry by its bytes. The off-heap caches get
 * the same serializers: eight bytes for the key, the array itself for the value.
 */
public enum OffHeapPeer {
  /** {@link OffHeapCache}. */
  CLOCKPRO_OFFHEAP,
  /** OHC 0.7.4, linked implementation, LRU. */
  OHC_LINKED,
  /** OHC 0.7.4, chunked implementation: it needs {@code --add-exports java.base/jdk.internal.ref=ALL-UNNAMED}. */
  OHC_CHUNKED,
  /** The heap clockpro cache, weighted by bytes. */
  CLOCKPRO_HEAP,
  /** Caffeine, weighted by bytes. */
  CAFFEINE;

  /** {@return the name in tables and on command lines: lower case with dashes} */
  public String displayName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** {@return the peer of that display name} */
  public static OffHeapPeer named(String name) {
    for (OffHeapPeer peer : values()) {
      if (peer.displayName().equals(name)) {
        return peer;
      }
    }
    throw new IllegalArgumentException("no cache is named '" + name + "'");
  }

  /**
   * Builds this cache.
   *
   * @param capacityBytes the bound on keys' and values' bytes
   * @param largestValue the largest value the run puts, for OHC's chunked mode
   */
  public ByteStore create(long capacityBytes, int largestValue) {
    return switch (this) {
      case CLOCKPRO_OFFHEAP -> {
        OffHeapCache<Long, byte[]> cache = OffHeapCache.builder(Serializer.longs(), Serializer.bytes())
            .maximumBytes(capacityBytes).build();
        yield new Adapter(cache::getIfPresent, (value, key) -> cache.put(key, value), cache::size, cache::close);
      }
      case OHC_LINKED, OHC_CHUNKED -> {
        OHCacheBuilder<Long, byte[]> builder = OHCacheBuilder.<Long, byte[]>newBuilder()
            .keySerializer(LongSerializer.INSTANCE).valueSerializer(BytesSerializer.INSTANCE).capacity(capacityBytes)
            .eviction(Eviction.LRU);
        OHCache<Long, byte[]> cache = (this == OHC_CHUNKED
            ? builder.chunkSize(Math.max(1 << 20, 4 * (largestValue + 64))) : builder).build();
        yield new Adapter(cache::get, (value, key) -> cache.put(key, value), cache::size, () -> closeOhc(cache));
      }
      case CLOCKPRO_HEAP -> {
        ClockProCache<Long, byte[]> cache = ClockProCache.builder().maximumWeight(capacityBytes)
            .<Long, byte[]>weigher((key, value) -> Long.BYTES + value.length).build();
        yield new Adapter(cache::getIfPresent, (value, key) -> cache.put(key, value), cache::size,
            cache::invalidateAll);
      }
      case CAFFEINE -> {
        Cache<Long, byte[]> cache = Caffeine.newBuilder().maximumWeight(capacityBytes)
            .<Long, byte[]>weigher((key, value) -> Long.BYTES + value.length).executor(Runnable::run).build();
        yield new Adapter(cache::getIfPresent, (value, key) -> cache.put(key, value), cache::estimatedSize,
            cache::invalidateAll);
      }
    };
  }

  private static void closeOhc(OHCache<Long, byte[]> cache) {
    try {
      cache.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one adapter: each peer's four operations as method references. */
  private record Adapter(LongFunction<byte[]> getter, ObjLongConsumer<byte[]> putter, LongSupplier sizer,
      Runnable closer) implements ByteStore {

    @Override
    public byte[] get(long key) {
      return getter.apply(key);
    }

    @Override
    public void put(long key, byte[] value) {
      putter.accept(value, key);
    }

    @Override
    public long size() {
      return sizer.getAsLong();
    }

    @Override
    public void close() {
      closer.run();
    }
  }

  /** OHC's serializer of the keys: eight bytes, as {@link Serializer#longs()}. */
  private enum LongSerializer implements CacheSerializer<Long> {
    INSTANCE;

    @Override
    public void serialize(Long value, ByteBuffer target) {
      target.putLong(value);
    }

    @Override
    public Long deserialize(ByteBuffer source) {
      return source.getLong();
    }

    @Override
    public int serializedSize(Long value) {
      return Long.BYTES;
    }
  }

  /** OHC's serializer of the values: the bytes themselves, as {@link Serializer#bytes()}. */
  private enum BytesSerializer implements CacheSerializer<byte[]> {
    INSTANCE;

    @Override
    public void serialize(byte[] value, ByteBuffer target) {
      target.put(value);
    }

    @Override
    public byte[] deserialize(ByteBuffer source) {
      byte[] value = new byte[source.remaining()];
      source.get(value);
      return value;
    }

    @Override
    public int serializedSize(byte[] value) {
      return value.length;
    }
  }
}
