/**
 * clockpro-offheap: a CLOCK-Pro cache whose entries and index live outside the Java heap.
 *
 * <p>The only exported package is {@code io.github.clockpro.offheap}; start with
 * {@link io.github.clockpro.offheap.OffHeapCache#builder}.
 */
module io.github.clockpro.offheap {
  requires transitive io.github.clockpro;
  requires jdk.management;
  exports io.github.clockpro.offheap;
}
