package io.github.clockpro.peers;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The LRU baseline of the simulator: a {@link LinkedHashMap} in access order that drops its eldest entry when
 * full. Not thread-safe; used only single-threaded.
 */
final class LruAdapter implements PeerCache<Long, Long> {

  private final LinkedHashMap<Long, Long> map;

  LruAdapter(int maximumSize) {
    this.map = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
        return size() > maximumSize;
      }
    };
  }

  @Override
  public Long get(Long key, Function<Long, Long> loader) {
    return map.computeIfAbsent(key, loader);
  }

  @Override
  public Long getIfPresent(Long key) {
    return map.get(key);
  }

  @Override
  public void put(Long key, Long value) {
    map.put(key, value);
  }

  @Override
  public long size() {
    return map.size();
  }

  @Override
  public Object unwrap() {
    return map;
  }

  @Override
  public void close() {
    map.clear();
  }
}
