package io.github.clockpro.jcache;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.cache.Cache;
import javax.cache.configuration.CacheEntryListenerConfiguration;
import javax.cache.configuration.Factory;
import javax.cache.event.CacheEntryCreatedListener;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.CacheEntryEventFilter;
import javax.cache.event.CacheEntryExpiredListener;
import javax.cache.event.CacheEntryListener;
import javax.cache.event.CacheEntryListenerException;
import javax.cache.event.CacheEntryRemovedListener;
import javax.cache.event.CacheEntryUpdatedListener;
import javax.cache.event.EventType;

/**
 * Delivers entry events to the registered listeners, as JSR-107 requires: each listener receives the event
 * types it implements that its filter accepts; a synchronous listener is called on the thread of the operation
 * before the operation returns, and its exception reaches the caller as a {@link CacheEntryListenerException}
 * after every listener has been called; an asynchronous listener is called on the executor, one event at a time
 * and in the order of the operations, and its exceptions are dropped.
 *
 * <p>An operation collects its events in a {@link Batch} while it runs (under the core's locks, where no user
 * listener may run) and {@link #dispatch dispatches} them after the core call has returned. Expiry events come
 * from the core's removal listener, which runs after the core released its locks, and are dispatched at once.
 *
 * <p>Fields: {@link #registrations} is a copy-on-write list, written by register and deregister, read without a
 * lock by every operation. Each registration's {@code tail} is written under the registration's monitor.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
final class EventDispatcher<K, V> {

  private final Executor executor;
  private final List<Registration<K, V>> registrations = new CopyOnWriteArrayList<>();

  EventDispatcher(Executor executor) {
    this.executor = executor;
  }

  /**
   * Registers a listener.
   *
   * @throws IllegalArgumentException if an equal configuration is registered already
   */
  void register(CacheEntryListenerConfiguration<K, V> configuration) {
    requireNonNull(configuration, "cacheEntryListenerConfiguration");
    for (Registration<K, V> registration : registrations) {
      if (registration.configuration.equals(configuration)) {
        throw new IllegalArgumentException("A listener with this configuration is registered already");
      }
    }
    registrations.add(new Registration<>(configuration));
  }

  /** Removes the listener registered with an equal configuration, if any, and closes it. */
  void deregister(CacheEntryListenerConfiguration<K, V> configuration) {
    requireNonNull(configuration, "cacheEntryListenerConfiguration");
    for (Registration<K, V> registration : registrations) {
      if (registration.configuration.equals(configuration)) {
        registrations.remove(registration);
        registration.close();
      }
    }
  }

  /** Returns a batch for one operation's events, or {@code null} when no listener is registered. */
  Batch<K, V> newBatch() {
    return registrations.isEmpty() ? null : new Batch<>();
  }

  /** Delivers one event at once: for events that arise after the core's locks, such as expiry. */
  void publishNow(Cache<K, V> source, EventType type, K key, V value, V oldValue) {
    if (registrations.isEmpty()) {
      return;
    }
    Batch<K, V> batch = new Batch<>();
    batch.add(source, type, key, value, oldValue);
    dispatch(batch);
  }

  /**
   * Delivers the batch's events, if any.
   *
   * @throws CacheEntryListenerException if a synchronous listener threw
   */
  void dispatch(Batch<K, V> batch) {
    if (batch == null || batch.events.isEmpty()) {
      return;
    }
    RuntimeException failure = null;
    for (Registration<K, V> registration : registrations) {
      List<CacheEntryEvent<? extends K, ? extends V>> accepted = registration.accept(batch.events);
      if (accepted.isEmpty()) {
        continue;
      }
      if (registration.configuration.isSynchronous()) {
        try {
          registration.deliver(accepted);
        } catch (RuntimeException | Error e) {
          if (failure == null) {
            failure = e instanceof CacheEntryListenerException ? (CacheEntryListenerException) e
                : new CacheEntryListenerException(e);
          }
        }
      } else {
        registration.deliverLater(accepted, executor);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Closes every listener and filter that is {@link Closeable}. */
  void close() {
    for (Registration<K, V> registration : registrations) {
      registration.close();
    }
    registrations.clear();
  }

  /** The events of one operation, in order. Used by one thread. */
  static final class Batch<K, V> {
    final List<JCacheEntryEvent<K, V>> events = new ArrayList<>(2);

    void add(Cache<K, V> source, EventType type, K key, V value, V oldValue) {
      boolean hasOld = type != EventType.CREATED;
      events.add(new JCacheEntryEvent<>(source, type, key, value, hasOld ? oldValue : null, hasOld));
    }
  }

  /** One registered listener, with its filter and the tail of its asynchronous deliveries. */
  private static final class Registration<K, V> {
    final CacheEntryListenerConfiguration<K, V> configuration;
    final CacheEntryListener<? super K, ? super V> listener;
    final CacheEntryEventFilter<? super K, ? super V> filter;
    /** The last asynchronous delivery; written under this registration's monitor. */
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

    Registration(CacheEntryListenerConfiguration<K, V> configuration) {
      this.configuration = configuration;
      this.listener = configuration.getCacheEntryListenerFactory().create();
      Factory<CacheEntryEventFilter<? super K, ? super V>> filterFactory =
          configuration.getCacheEntryEventFilterFactory();
      this.filter = filterFactory == null ? null : filterFactory.create();
    }

    List<CacheEntryEvent<? extends K, ? extends V>> accept(List<JCacheEntryEvent<K, V>> events) {
      List<CacheEntryEvent<? extends K, ? extends V>> accepted = new ArrayList<>(events.size());
      for (JCacheEntryEvent<K, V> event : events) {
        if (!handles(event.getEventType())) {
          continue;
        }
        JCacheEntryEvent<K, V> seen = configuration.isOldValueRequired() ? event : event.withoutOldValue();
        if (filter == null || filter.evaluate(seen)) {
          accepted.add(seen);
        }
      }
      return accepted;
    }

    private boolean handles(EventType type) {
      switch (type) {
        case CREATED:
          return listener instanceof CacheEntryCreatedListener;
        case UPDATED:
          return listener instanceof CacheEntryUpdatedListener;
        case REMOVED:
          return listener instanceof CacheEntryRemovedListener;
        case EXPIRED:
          return listener instanceof CacheEntryExpiredListener;
        default:
          throw new AssertionError(type);
      }
    }

    @SuppressWarnings("unchecked")
    void deliver(List<CacheEntryEvent<? extends K, ? extends V>> events) {
      // One call per event, so that a listener sees each event on its own, in order, whatever its type.
      for (CacheEntryEvent<? extends K, ? extends V> event : events) {
        Iterable<CacheEntryEvent<? extends K, ? extends V>> one = List.of(event);
        switch (event.getEventType()) {
          case CREATED:
            ((CacheEntryCreatedListener<K, V>) listener).onCreated(one);
            break;
          case UPDATED:
            ((CacheEntryUpdatedListener<K, V>) listener).onUpdated(one);
            break;
          case REMOVED:
            ((CacheEntryRemovedListener<K, V>) listener).onRemoved(one);
            break;
          case EXPIRED:
            ((CacheEntryExpiredListener<K, V>) listener).onExpired(one);
            break;
          default:
            throw new AssertionError(event.getEventType());
        }
      }
    }

    synchronized void deliverLater(List<CacheEntryEvent<? extends K, ? extends V>> events, Executor executor) {
      tail = tail.thenRunAsync(() -> {
        try {
          deliver(events);
        } catch (RuntimeException | Error ignored) {
          // An asynchronous listener's failure cannot reach the operation, which has returned.
        }
      }, executor);
    }

    void close() {
      closeQuietly(listener);
      closeQuietly(filter);
    }
  }

  static void closeQuietly(Object resource) {
    if (resource instanceof Closeable) {
      try {
        ((Closeable) resource).close();
      } catch (IOException | RuntimeException ignored) {
        // Closing is best effort: the cache is going away either way.
      }
    }
  }
}
