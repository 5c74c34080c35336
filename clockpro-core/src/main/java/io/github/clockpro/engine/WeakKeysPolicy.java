package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.held;
import static io.github.clockpro.engine.KeyReferences.lookup;

import io.github.clockpro.Policy;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The policy of a cache built with {@code weakKeys}: the engine's, with the program's keys, as
 * {@link WeakKeysCache} translates them. Maps returned leave out entries whose key was collected.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
final class WeakKeysPolicy<K, V> implements Policy<K, V> {

  private final Policy<Object, V> engine;
  private final KeyReferences keys;

  WeakKeysPolicy(Policy<Object, V> engine, KeyReferences keys) {
    this.engine = engine;
    this.keys = keys;
  }

  @Override
  public long maximum() {
    return engine.maximum();
  }

  @Override
  public void setMaximum(long maximum) {
    engine.setMaximum(maximum);
  }

  @Override
  public boolean isWeighted() {
    return engine.isWeighted();
  }

  @Override
  public OptionalLong weightedSize() {
    return engine.weightedSize();
  }

  @Override
  public int scanLimit() {
    return engine.scanLimit();
  }

  @Override
  public OptionalLong expiresAfterWrite() {
    return engine.expiresAfterWrite();
  }

  @Override
  public OptionalLong expiresAfterAccess() {
    return engine.expiresAfterAccess();
  }

  @Override
  public boolean expiresVariably() {
    return engine.expiresVariably();
  }

  @Override
  public int hotSize() {
    return engine.hotSize();
  }

  @Override
  public int coldSize() {
    return engine.coldSize();
  }

  @Override
  public long coldTarget() {
    return engine.coldTarget();
  }

  @Override
  public long coldTargetFloor() {
    return engine.coldTargetFloor();
  }

  @Override
  public int promotionThreshold() {
    return engine.promotionThreshold();
  }

  @Override
  public int carryLimit() {
    return engine.carryLimit();
  }

  @Override
  public boolean carryAllowed() {
    return engine.carryAllowed();
  }

  @Override
  public int historySize() {
    return engine.historySize();
  }

  @Override
  public int historyLimit() {
    return engine.historyLimit();
  }

  @Override
  public long historyHitCount() {
    return engine.historyHitCount();
  }

  @Override
  public long promotionCount() {
    return engine.promotionCount();
  }

  @Override
  public long demotionCount() {
    return engine.demotionCount();
  }

  @Override
  public long scanLimitReachedCount() {
    return engine.scanLimitReachedCount();
  }

  @Override
  public long evictionCountAtMost(int entriesExamined) {
    return engine.evictionCountAtMost(entriesExamined);
  }

  @Override
  public V getIfPresentQuietly(K key) {
    return held(key, engine.getIfPresentQuietly(lookup(key)));
  }

  @Override
  public Map<K, CompletableFuture<V>> refreshes() {
    return KeyReferences.programKeysOf(engine.refreshes());
  }

  @Override
  public Optional<Eviction<K, V>> eviction() {
    return engine.eviction().map(EvictionView::new);
  }

  @Override
  public Optional<FixedExpiration<K, V>> expireAfterWrite() {
    return engine.expireAfterWrite().map(FixedExpirationView::new);
  }

  @Override
  public Optional<FixedExpiration<K, V>> expireAfterAccess() {
    return engine.expireAfterAccess().map(FixedExpirationView::new);
  }

  @Override
  public Optional<VarExpiration<K, V>> expireVariably() {
    return engine.expireVariably().map(VarExpirationView::new);
  }

  @Override
  public Optional<FixedRefresh<K, V>> refreshAfterWrite() {
    return engine.refreshAfterWrite().map(FixedRefreshView::new);
  }

  @Override
  public String toString() {
    return engine.toString();
  }

  private final class EvictionView implements Eviction<K, V> {
    private final Eviction<Object, V> eviction;

    EvictionView(Eviction<Object, V> eviction) {
      this.eviction = eviction;
    }

    @Override
    public boolean isWeighted() {
      return eviction.isWeighted();
    }

    @Override
    public OptionalInt weightOf(K key) {
      return eviction.weightOf(lookup(key));
    }

    @Override
    public OptionalLong weightedSize() {
      return eviction.weightedSize();
    }

    @Override
    public long getMaximum() {
      return eviction.getMaximum();
    }

    @Override
    public void setMaximum(long maximum) {
      eviction.setMaximum(maximum);
    }

    @Override
    public Map<K, V> coldest(int limit) {
      return KeyReferences.programKeysOf(eviction.coldest(limit));
    }

    @Override
    public Map<K, V> hottest(int limit) {
      return KeyReferences.programKeysOf(eviction.hottest(limit));
    }
  }

  private final class FixedExpirationView implements FixedExpiration<K, V> {
    private final FixedExpiration<Object, V> expiration;

    FixedExpirationView(FixedExpiration<Object, V> expiration) {
      this.expiration = expiration;
    }

    @Override
    public OptionalLong ageOf(K key, TimeUnit unit) {
      return expiration.ageOf(lookup(key), unit);
    }

    @Override
    public long getExpiresAfter(TimeUnit unit) {
      return expiration.getExpiresAfter(unit);
    }

    @Override
    public void setExpiresAfter(long duration, TimeUnit unit) {
      expiration.setExpiresAfter(duration, unit);
    }
  }

  private final class VarExpirationView implements VarExpiration<K, V> {
    private final VarExpiration<Object, V> expiration;

    VarExpirationView(VarExpiration<Object, V> expiration) {
      this.expiration = expiration;
    }

    @Override
    public OptionalLong getExpiresAfter(K key, TimeUnit unit) {
      return expiration.getExpiresAfter(lookup(key), unit);
    }

    @Override
    public void setExpiresAfter(K key, long duration, TimeUnit unit) {
      expiration.setExpiresAfter(lookup(key), duration, unit);
      Reference.reachabilityFence(key);
    }

    @Override
    public V putIfAbsent(K key, V value, long duration, TimeUnit unit) {
      return held(key, expiration.putIfAbsent(keys.reference(key), value, duration, unit));
    }

    @Override
    public V put(K key, V value, long duration, TimeUnit unit) {
      return held(key, expiration.put(keys.reference(key), value, duration, unit));
    }
  }

  private final class FixedRefreshView implements FixedRefresh<K, V> {
    private final FixedRefresh<Object, V> refresh;

    FixedRefreshView(FixedRefresh<Object, V> refresh) {
      this.refresh = refresh;
    }

    @Override
    public OptionalLong ageOf(K key, TimeUnit unit) {
      return refresh.ageOf(lookup(key), unit);
    }

    @Override
    public long getRefreshesAfter(TimeUnit unit) {
      return refresh.getRefreshesAfter(unit);
    }

    @Override
    public void setRefreshesAfter(long duration, TimeUnit unit) {
      refresh.setRefreshesAfter(duration, unit);
    }
  }
}
