package io.github.clockpro.engine;

/**
 * How a cache holds its values: strongly, as by default, or by weak or soft references, which let the garbage
 * collector take a value the program no longer holds ({@code CacheBuilder.weakValues}, {@code softValues}).
 */
public enum ValueStrength {
  /** The node holds the value itself. */
  STRONG,
  /** The node holds a {@link java.lang.ref.WeakReference} to the value. */
  WEAK,
  /** The node holds a {@link java.lang.ref.SoftReference} to the value. */
  SOFT
}
