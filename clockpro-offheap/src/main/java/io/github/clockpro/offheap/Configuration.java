package io.github.clockpro.offheap;

import io.github.clockpro.RemovalListener;
import io.github.clockpro.Ticker;
import java.nio.file.Path;

/**
 * The settings of one cache, checked by {@link OffHeapCacheBuilder}.
 *
 * @param keys the key serializer
 * @param values the value serializer
 * @param maximumBytes the bound on the entries' bytes
 * @param directory where the entries persist, or {@code null} for memory only
 * @param scanLimit the most entries one operation examines to make room
 * @param ticker the source of time
 * @param removalListener the listener, or {@code null}
 * @param lifetimes how entries expire
 */
record Configuration<K, V>(Serializer<K> keys, Serializer<V> values, long maximumBytes, Path directory,
    int scanLimit, Ticker ticker, RemovalListener<? super K, ? super V> removalListener,
    Lifetimes<? super K, ? super V> lifetimes) {}
